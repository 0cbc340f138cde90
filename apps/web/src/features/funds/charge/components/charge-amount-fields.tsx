import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { UserInfo } from '@reef/contract';
import { useTranslation } from '../../../../i18n';
import { AmountField } from '../../../../components/ui/amount-field';
import { FeeBox } from '../../../../components/ui/fee-box';
import { formatGroupedAmount } from '../../../../lib/amount-format';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { checkAmount, normalizeAmountInput } from '../../shared/model/amount-input';
import { QuoteError } from '../../shared/components/quote-problem';

/** Quotes are asked for once typing has stopped this long. */
const QUOTE_DEBOUNCE_MS = 300;

/** What both charges quote: the RUSD an amount buys and the rate it was bought at. */
interface RusdQuote {
  rusd: string;
  rate: string;
}

/** The amount typed and its live quote, asked for once the typing stops and only for a valid amount. */
export function useQuotedAmount<Q extends RusdQuote>(useQuote: (amount: string | null) => UseQueryResult<Q>) {
  const [amount, setAmount] = useState('');
  const debounced = useDebouncedValue(amount, QUOTE_DEBOUNCE_MS);
  const quotable = checkAmount(debounced) === null ? normalizeAmountInput(debounced) : null;
  const quote = useQuote(quotable);
  return { amount, setAmount, quotable, quote, shown: quotable !== null ? quote.data : undefined };
}

export type QuotedAmount<Q extends RusdQuote> = ReturnType<typeof useQuotedAmount<Q>>;

/** What each way to pay says, and the prefix of its test ids. */
const PAYS = {
  usdt: { label: 'charge.amount', placeholder: 'charge.amountPlaceholder', suffix: 'USDT', testPrefix: 'charge' },
  bnb: { label: 'property.bnb.amount', placeholder: 'property.bnb.amountPlaceholder', suffix: 'BNB', testPrefix: 'bnb' },
} as const;

/**
 * The part both charge forms share: the RUSD held, the amount, what it buys at which rate (and, paid in BNB, the BNB
 * price it was priced at), and a refused quote.
 */
export function ChargeAmountFields<Q extends RusdQuote>({
  quoted,
  balances,
  pays,
}: {
  quoted: QuotedAmount<Q>;
  balances: UserInfo['balances'] | undefined;
  pays: keyof typeof PAYS;
}) {
  const { t } = useTranslation();
  const { amount, setAmount, quotable, quote, shown } = quoted;
  const { label, placeholder, suffix, testPrefix } = PAYS[pays];
  const rusd = balances?.find((b) => b.key === 'rusd');
  const price = shown !== undefined && 'price' in shown && typeof shown.price === 'string' ? shown.price : null;
  return (
    <>
      <p className="field__hint" data-testid={`${testPrefix}-rusd-balance`}>
        {t('charge.rusdBalance', { amount: rusd ? formatGroupedAmount(rusd.amount) : '—' })}
      </p>
      <AmountField label={t(label)} value={amount} onChange={setAmount} placeholder={t(placeholder)} suffix={suffix} testId={`${testPrefix}-amount`} />
      <FeeBox
        busy={quote.isFetching}
        rows={[
          { label: t('charge.receive'), value: shown ? `${formatGroupedAmount(shown.rusd)} RUSD` : '—', testId: `${testPrefix}-rusd` },
          pays === 'bnb' && {
            label: t('property.bnb.price'),
            value: price === null ? '—' : t('property.bnb.priceValue', { price: formatGroupedAmount(price) }),
            testId: 'bnb-price',
          },
          { label: t('charge.rate'), value: shown ? t('charge.rateValue', { rate: formatGroupedAmount(shown.rate) }) : '—', testId: `${testPrefix}-rate` },
        ]}
      />
      <QuoteError error={quotable !== null && quote.isError ? quote.error : null} testId={`${testPrefix}-quote-error`} />
    </>
  );
}
