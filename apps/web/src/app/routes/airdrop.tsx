import { AirdropClaimList } from '../../features/airdrop';
import { SubPage } from '../layouts/sub-page';

/** pages/index/airDrop — the user's airdrop claims. */
export default function AirdropRoute() {
  return (
    <SubPage page="index/airDrop">
      <AirdropClaimList />
    </SubPage>
  );
}
