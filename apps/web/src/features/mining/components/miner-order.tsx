import { useTranslation } from '../../../i18n';
import { Money } from '../../../components/ui/money';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import type { getMiner } from '../api/get-miner';

type Purchase = Awaited<ReturnType<typeof getMiner>>['purchase'];

/** The miner order (spec §3): number, time, status and what was paid — rows of the `fee-box` list around it. */
export function MinerOrderRows({ purchase, testId }: { purchase: Purchase; testId?: string }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const dateFormat = useDateFormat();
  const id = (part: string) => (testId === undefined ? undefined : `${testId}-${part}`);
  return (
    <>
      <div>
        <dt>{t('mining.fields.orderNo')}</dt>
        <dd className="figure miner-order-no" data-testid={id('order')}>
          {purchase.order_no}
        </dd>
      </div>
      <div>
        <dt>{t('mining.fields.orderTime')}</dt>
        <dd className="figure">{dateFormat.format(new Date(purchase.created_at))}</dd>
      </div>
      <div>
        <dt>{t('mining.fields.orderStatus')}</dt>
        <dd data-testid={id('status')}>{t('mining.records.paid')}</dd>
      </div>
      <div>
        <dt>{t('mining.fields.paid')}</dt>
        <dd>
          <Money value={purchase.amount} symbol={symbols[purchase.asset]} testId={id('paid')} />
        </dd>
      </div>
    </>
  );
}
