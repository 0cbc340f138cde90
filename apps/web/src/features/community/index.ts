// The community feature's public surface (issue 13, decision 067): the community centre and the team lists, the
// leader's pages, and the contact line of community/setInfo. Invite and share pages live beside these (their own files).
export { CommunityCentre } from './components/community-centre';
export { TeamMembers } from './components/team-members';
export { LeaderTeam } from './components/leader-team';
export { LeaderMember } from './components/leader-member';
export { ContactForm } from './components/contact-form';
export { COMMUNITY_ROUTES, communityPaths, generationParam, uidParam } from './model/paths';
// The community feature's invite and share pages (issue 13 part 4, decision 066); the app layer passes the signed-in
// user's uid and nickname.
export { InvitePanel } from './components/invite-panel';
export { ShareContentPanel } from './components/share-content';
// Inside WeChat only, loaded lazily by the app layer (decision 120).
export { WechatShare } from './wechat/wechat-share';
