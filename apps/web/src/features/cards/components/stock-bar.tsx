import { useTranslation } from '../../../i18n';
import { soldPercent } from '../model/session-phase';

/** The session's starter stock: a bar of the share sold and "left / stock". */
export function StockBar({ sold, stock, testId }: { sold: number; stock: number; testId: string }) {
  const { t } = useTranslation();
  const percent = soldPercent(sold, stock);
  const left = Math.max(stock - sold, 0);
  return (
    <div className="stock-bar" data-testid={testId}>
      <div className="stock-bar__track" role="progressbar" aria-label={t('cards.stock.label')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <span className="stock-bar__fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="stock-bar__text">
        {t('cards.stock.left')} <span className="figure" data-testid={`${testId}-left`}>{`${left} / ${stock}`}</span>
      </span>
    </div>
  );
}
