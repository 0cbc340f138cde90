import { ContactForm } from '../../features/community';
import { ProfileForm } from '../../features/user';
import { SubPage } from '../layouts/sub-page';

/**
 * pages/community/setInfo — how I appear to my team: the nickname and avatar are the profile's (the user feature's
 * form, the same as user/setInfo), the contact line is the community's.
 */
export default function CommunitySetInfoRoute() {
  return (
    <SubPage page="community/setInfo">
      <div className="team-page">
        <ProfileForm stayAfterSave />
        <ContactForm />
      </div>
    </SubPage>
  );
}
