import { useTranslation } from 'react-i18next';
import { Fish } from '../../components/ui/art/fish';
import { BackButton } from '../../components/ui/nav-bar';
import { TradeList } from '../../features/market';

/** pages/user/priceRecord — the recent trades of the main lake. Public. */
export default function PriceRecordRoute() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <header className="page-head">
        <BackButton />
        <h1 className="page-head__title">{t('titles.user/priceRecord')}</h1>
        <Fish className="page-head__fish" body="#5ef0e2" fin="#ff7a66" />
      </header>
      <div className="page__body">
        <TradeList />
      </div>
    </div>
  );
}
