import { SplitSettingsSection } from '../../features/cards';
import { SubPage } from '../layouts/sub-page';

/**
 * pages/community/set — the leader-only order-split rule (spec §6). The rule and its form are the cards feature's
 * (decision 054): the same section as on trading/set, so there is one form and one query; a member who does not lead
 * sees why they cannot set one and the rule their cards follow.
 */
export default function CommunitySetRoute() {
  return (
    <SubPage page="community/set">
      <SplitSettingsSection />
    </SubPage>
  );
}
