import { useTranslation } from '../../i18n';
import { useParams } from 'react-router-dom';
import { Fish } from '../../components/ui/art/fish';
import { BackButton } from '../../components/ui/nav-bar';
import { NotLoggedIn } from '../../features/auth';
import { WithdrawalDetail } from '../../features/funds';
import { useSession } from '../../lib/session';

/** pages/property/withdrawal/:id — one withdrawal record (not a spec page: the record list opens it). */
export default function WithdrawalDetailRoute() {
  const { t } = useTranslation();
  const { token } = useSession();
  const { id = '' } = useParams();
  const numeric = /^[1-9]\d{0,15}$/.test(id) ? Number(id) : 0;
  return (
    <div className="page">
      <header className="page-head">
        <BackButton />
        <h1 className="page-head__title">{t('withdraw.detail.title')}</h1>
        <Fish className="page-head__fish" body="#5ef0e2" fin="#ff7a66" />
      </header>
      <div className="page__body">{token ? <WithdrawalDetail id={numeric} /> : <NotLoggedIn />}</div>
    </div>
  );
}
