import { useTranslation } from '../../../i18n';
import { Money } from '../../../components/ui/money';
import { CopyValue } from '../../../components/ui/copy-value';
import type { FeeRow } from '../../../components/ui/fee-box';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import type { getMiner } from '../api/get-miner';

type Purchase = Awaited<ReturnType<typeof getMiner>>['purchase'];

/** The miner order (spec §3): number, time, status and what was paid — rows of the FeeBox around it. */
export function useMinerOrderRows(): (purchase: Purchase, testId?: string) => FeeRow[] {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const dateFormat = useDateFormat();
  return (purchase, testId) => {
    const id = (part: string) => (testId === undefined ? undefined : `${testId}-${part}`);
    return [
      {
        label: t('mining.fields.orderNo'),
        // Whole on one line with a copy button: a number broken across lines reads as two (issue 25 §14).
        value: <CopyValue value={purchase.order_no} what={t('mining.fields.orderNo')} />,
        testId: id('order'),
        className: 'figure miner-order-no',
      },
      { label: t('mining.fields.orderTime'), value: dateFormat.format(new Date(purchase.created_at)), className: 'figure' },
      { label: t('mining.fields.orderStatus'), value: t('mining.records.paid'), testId: id('status') },
      { label: t('mining.fields.paid'), value: <Money value={purchase.amount} symbol={symbols[purchase.asset]} testId={id('paid')} /> },
    ];
  };
}
