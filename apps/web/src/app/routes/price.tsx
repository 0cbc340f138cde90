import { useTranslation } from 'react-i18next';
import { Fish } from '../../components/ui/art/fish';
import { BackButton } from '../../components/ui/nav-bar';
import { PriceChartPanel, PriceOverview } from '../../features/market';

/** pages/user/price — the coin's price, 24 h change and chart. Public. */
export default function PriceRoute() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <header className="page-head">
        <BackButton />
        <h1 className="page-head__title">{t('titles.user/price')}</h1>
        <Fish className="page-head__fish" body="#f4d9a6" fin="#2ee6d6" />
      </header>
      <div className="page__body">
        <PriceOverview />
        <PriceChartPanel />
      </div>
    </div>
  );
}
