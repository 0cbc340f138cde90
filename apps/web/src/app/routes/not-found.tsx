import { useTranslation } from '../../i18n';
import { Link } from 'react-router-dom';
import { StatusScreen } from '../../components/ui/status-screen';
import { HOME_PATH } from '../../lib/pages';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <div className="page page--status">
      <StatusScreen testId="not-found" badge="404" title={t('page.notFoundTitle')} text={t('page.notFoundText')}>
        <Link className="btn btn--primary" to={HOME_PATH} data-testid="not-found-home">
          <span className="btn__label">{t('common.goHome')}</span>
        </Link>
      </StatusScreen>
    </div>
  );
}
