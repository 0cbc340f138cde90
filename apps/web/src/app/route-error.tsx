import { useTranslation } from '../i18n';
import { Link } from 'react-router-dom';
import { StatusScreen } from '../components/ui/status-screen';
import { HOME_PATH } from '../lib/pages';

/** Last resort for an error the page boundaries did not catch. */
export function RouteError({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="app-column">
      <div className="page page--status">
        <StatusScreen testId="route-error" title={t('page.crashTitle')} text={t('page.crashText')}>
          <Link className="btn btn--primary" to={HOME_PATH} onClick={onReset}>
            <span className="btn__label">{t('common.goHome')}</span>
          </Link>
        </StatusScreen>
      </div>
    </div>
  );
}
