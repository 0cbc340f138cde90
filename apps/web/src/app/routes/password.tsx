import { useNavigate, useSearchParams } from 'react-router-dom';
import { PayPasswordForm } from '../../features/user';
import { safeReturnPath } from '../../lib/pages';
import { SubPage } from '../layouts/sub-page';

/**
 * pages/user/password — set or change the six-digit transaction password. Opened with `?back=<page>` (by a transfer
 * or a withdrawal that needed a password), it returns there once the password is saved.
 */
export default function PasswordRoute() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const back = safeReturnPath(search.get('back'));
  return (
    <SubPage page="user/password">
      <PayPasswordForm onDone={back === null ? undefined : () => navigate(back, { replace: true })} />
    </SubPage>
  );
}
