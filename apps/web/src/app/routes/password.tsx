import { useTranslation } from 'react-i18next';
import { Fish } from '../../components/ui/art/fish';
import { BackButton } from '../../components/ui/nav-bar';
import { NotLoggedIn } from '../../features/auth';
import { PayPasswordForm } from '../../features/user';
import { useSession } from '../../lib/session';

/** pages/user/password — set or change the six-digit transaction password. */
export default function PasswordRoute() {
  const { t } = useTranslation();
  const { token } = useSession();
  return (
    <div className="page">
      <header className="page-head">
        <BackButton />
        <h1 className="page-head__title">{t('titles.user/password')}</h1>
        <Fish className="page-head__fish" body="#5ef0e2" fin="#ff7a66" />
      </header>
      <div className="page__body">{token ? <PayPasswordForm /> : <NotLoggedIn />}</div>
    </div>
  );
}
