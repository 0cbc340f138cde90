import { PayPasswordForm } from '../../features/user';
import { SubPage } from '../layouts/sub-page';

/** pages/user/password — set or change the six-digit transaction password. */
export default function PasswordRoute() {
  return (
    <SubPage page="user/password">
      <PayPasswordForm />
    </SubPage>
  );
}
