// The community feature's invite and share pages (issue 13 part 4, decision 066); the app layer passes the signed-in
// user's uid and nickname.
export { InvitePanel } from './components/invite-panel';
export { ShareContentPanel } from './components/share-content';
