import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../i18n';
import { ErrorState } from '../../../../components/ui/error-state';
import { Button } from '../../../../components/ui/button';
import { ReviewSheet } from '../../../../components/ui/review-sheet';
import { ApiError, toastError } from '../../../../lib/api-client';
import { pagePath } from '../../../../lib/pages';
import { showToast } from '../../../../lib/toast';
import { useIdempotentMutation } from '../../../../lib/use-idempotent-mutation';
import { useWithdrawalRules } from '../api/get-withdrawal-rules';
import { useWithdraw } from '../api/withdraw';
import { normalizeAmountInput } from '../../shared/model/amount-input';
import { checkWithdrawal, withdrawalTotal } from '../model/withdrawal-input';
import { AssetToggle, useAssetSymbol, useChainAssetParam, type ChainAsset } from '../../shared/components/asset-toggle';
import { AmountField } from '../../../../components/ui/amount-field';
import { NoPayPasswordSheet } from '../../shared/components/no-pay-password-sheet';
import { formatGroupedAmount } from '../../../../lib/amount-format';
import { FeeBox } from '../../../../components/ui/fee-box';
import '../../shared/components/funds-form.css';
import './withdrawal.css';

const PASSWORD_RE = /^\d{6}$/;

interface WithdrawalFormProps {
  /** From the user info: without a transaction password the form points to pages/user/password. */
  hasPayPassword: boolean | undefined;
  /** After a withdrawal was accepted: the caller refreshes what it owns (user info). */
  onWithdrawn: () => void;
  /** The user's own wallet, where every withdrawal goes (the server pays the signed-in account); undefined while loading. */
  destination: string | undefined;
}

interface Pending {
  asset: ChainAsset;
  destination: string;
  amount: string;
  total: string;
  fee: string;
  /** The balance when the review opened (the rules' figure), for the balance after. */
  balance: string;
}

/** pages/property/withdrawal: USDT or coin to the user's own wallet, reviewed by an operator. */
export function WithdrawalForm({ hasPayPassword, onWithdrawn, destination }: WithdrawalFormProps) {
  const { t } = useTranslation();
  const symbolOf = useAssetSymbol();
  const initialAsset = useChainAssetParam();
  const [asset, setAsset] = useState<ChainAsset>(initialAsset);
  const [amount, setAmount] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [password, setPassword] = useState('');
  const [needsPassword, setNeedsPassword] = useState(false);
  const rules = useWithdrawalRules(asset);
  const send = useWithdraw();
  const symbol = symbolOf(asset);
  const total = rules.data ? withdrawalTotal(amount, rules.data.fee) : null;

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (!rules.data || destination === undefined) return;
    const problem = checkWithdrawal(amount, rules.data.min_exclusive);
    if (problem !== null) {
      showToast(t(problem === 'amountTooSmall' ? 'withdraw.amountTooSmall' : `transfer.${problem}`, { min: formatGroupedAmount(rules.data.min_exclusive, 2) }));
      return;
    }
    if (hasPayPassword === false) {
      setNeedsPassword(true);
      return;
    }
    setPassword('');
    setPending({ asset, destination, amount: normalizeAmountInput(amount), total: total ?? '', fee: rules.data.fee, balance: rules.data.balance });
  };

  const confirm = useIdempotentMutation({
    intent: () => {
      if (pending === null) return null;
      if (!PASSWORD_RE.test(password)) {
        showToast(t('withdraw.passwordInvalid'));
        return null;
      }
      return { asset: pending.asset, amount: pending.amount, password };
    },
    // The password stays out of the fingerprint, as it stays out of the server's key digest.
    fingerprint: ({ asset, amount }) => ({ asset, amount }),
    send: (request, idempotencyKey) => send.mutateAsync({ ...request, idempotencyKey }),
    onSuccess: () => {
      setPending(null);
      setAmount('');
      showToast(t('withdraw.success'));
      onWithdrawn();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'PAY_PASSWORD_NOT_SET') {
        setPending(null);
        setNeedsPassword(true);
        return;
      }
      setPassword('');
      toastError(error);
    },
  });

  return (
    <>
      <form className="card form" noValidate onSubmit={review}>
        <AssetToggle value={asset} onChange={setAsset} testId="withdraw-asset" />
        {rules.isError ? (
          <ErrorState className="inline-error" onRetry={() => rules.refetch()} />
        ) : (
          <p className="field__hint" data-testid="withdraw-balance">
            {t('transfer.available', { amount: rules.data ? formatGroupedAmount(rules.data.balance) : '—', symbol })}
          </p>
        )}

        <div className="field">
          <span className="field__label">{t('withdraw.destination')}</span>
          <code className="funds-address" data-testid="withdraw-destination">
            {destination ?? '—'}
          </code>
          <span className="field__hint">{t('withdraw.destinationHint')}</span>
        </div>

        <AmountField
          label={t('withdraw.amount')}
          value={amount}
          onChange={setAmount}
          placeholder={t('withdraw.amountPlaceholder', { min: rules.data ? formatGroupedAmount(rules.data.min_exclusive, 2) : '100' })}
          suffix={symbol}
          testId="withdraw-amount"
        />

        <FeeBox
          rows={[
            { label: t('withdraw.fee'), value: rules.data ? `${formatGroupedAmount(rules.data.fee)} ${symbol}` : '—', testId: 'withdraw-fee' },
            {
              label: t('withdraw.received'),
              value: total === null ? '—' : `${formatGroupedAmount(normalizeAmountInput(amount))} ${symbol}`,
              testId: 'withdraw-received',
            },
            { label: t('withdraw.charged'), value: total === null ? '—' : `${formatGroupedAmount(total)} ${symbol}`, testId: 'withdraw-total' },
          ]}
        />

        <Button type="submit" block disabled={!rules.data || destination === undefined} data-testid="withdraw-submit">
          {t('withdraw.submit')}
        </Button>
      </form>

      {pending !== null && (
        <ReviewSheet
          title={t('withdraw.confirmTitle')}
          testId="withdraw-sheet"
          rows={[
            { label: t('withdraw.destination'), value: pending.destination, testId: 'withdraw-sheet-destination', className: 'withdraw-destination__sheet' },
            { label: t('property.chain.network'), value: t('property.chain.networkName') },
            { label: t('withdraw.received'), value: `${formatGroupedAmount(pending.amount)} ${symbolOf(pending.asset)}` },
            { label: t('withdraw.fee'), value: `${formatGroupedAmount(pending.fee)} ${symbolOf(pending.asset)}` },
            {
              label: t('withdraw.charged'),
              value: pending.total === '' ? '—' : `${formatGroupedAmount(pending.total)} ${symbolOf(pending.asset)}`,
              testId: 'withdraw-sheet-total',
            },
          ]}
          spends={pending.total === '' ? [] : [{ symbol: symbolOf(pending.asset), amount: pending.total, balance: pending.balance }]}
          password={{ label: t('withdraw.password'), value: password, onChange: setPassword, testId: 'withdraw-password' }}
          confirmLabel={t('withdraw.confirm')}
          confirmTestId="withdraw-confirm"
          busy={send.isPending}
          onConfirm={confirm}
          onClose={() => setPending(null)}
        />
      )}

      {needsPassword && <NoPayPasswordSheet kind="withdraw" back={pagePath('property/withdrawal')} onClose={() => setNeedsPassword(false)} />}
    </>
  );
}
