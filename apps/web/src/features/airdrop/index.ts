export { AirdropCard } from './components/airdrop-card';
export { AirdropClaimList } from './components/airdrop-claim-list';
