import type { OrderStatus } from '@reef/contract';
import { useTranslation } from '../../../i18n';

export function OrderStatusTag({ status, testId }: { status: OrderStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`shop-tag shop-tag--${status}`} data-testid={testId}>
      {t(`shop.status.${status}`)}
    </span>
  );
}
