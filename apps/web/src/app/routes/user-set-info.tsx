import { ProfileForm } from '../../features/user';
import { SubPage } from '../layouts/sub-page';

/** pages/user/setInfo — nickname and avatar, reached from Mine. */
export default function UserSetInfoRoute() {
  return (
    <SubPage page="user/setInfo">
      <ProfileForm />
    </SubPage>
  );
}
