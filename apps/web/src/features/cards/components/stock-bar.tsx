import { useTranslation } from '../../../i18n';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { soldPercent } from '../model/session-phase';

/** The session's starter stock: a bar of the share sold and "left / stock". */
export function StockBar({ sold, stock, testId }: { sold: number; stock: number; testId: string }) {
  const { t } = useTranslation();
  const left = Math.max(stock - sold, 0);
  return (
    <ProgressBar percent={soldPercent(sold, stock)} label={t('cards.stock.label')} testId={testId}>
      {t('cards.stock.left')} <span className="figure" data-testid={`${testId}-left`}>{`${left} / ${stock}`}</span>
    </ProgressBar>
  );
}
