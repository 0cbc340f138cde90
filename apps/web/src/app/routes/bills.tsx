import { useTranslation } from '../../i18n';
import { NavBar } from '../../components/ui/nav-bar';
import { NotLoggedIn } from '../../features/auth';
import { BillList } from '../../features/funds';
import { useSession } from '../../lib/session';

/** pages/property/propDetails — fund log; one of the two pages with a navigation bar. */
export default function BillsRoute() {
  const { t } = useTranslation();
  const { token } = useSession();
  return (
    <div className="page page--with-nav">
      <NavBar title={t('titles.property/propDetails')} />
      <div className="page__body">{token ? <BillList /> : <NotLoggedIn />}</div>
    </div>
  );
}
