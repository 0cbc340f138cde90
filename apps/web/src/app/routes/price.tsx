import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { PriceChartPanel, PriceOverview } from '../../features/market';
import { LAKES_PATH } from '../../lib/pages';
import { PublicSubPage } from '../layouts/sub-page';

/** pages/user/price — the coin's price, 24 h change and chart, and the way to every lake. Public. */
export default function PriceRoute() {
  const { t } = useTranslation();
  return (
    <PublicSubPage page="user/price" fish={{ body: '#f4d9a6', fin: '#2ee6d6' }}>
      <PriceOverview />
      <PriceChartPanel />
      <Link className="text-link" to={LAKES_PATH} data-testid="lakes-link">
        {t('lakes.all')}
      </Link>
    </PublicSubPage>
  );
}
