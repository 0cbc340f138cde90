import { PhoneBindCard, ProfileForm } from '../../features/user';
import { SubPage } from '../layouts/sub-page';

/** pages/user/setInfo — nickname and avatar, and the bound phone (decision 076), reached from Mine. */
export default function UserSetInfoRoute() {
  return (
    <SubPage page="user/setInfo">
      <ProfileForm />
      <PhoneBindCard />
    </SubPage>
  );
}
