import { WechatShare } from '../features/community';
import { useUserInfo } from '../features/user';

/** Loaded inside WeChat only (app.tsx): the share menus carry the signed-in user's invite link, Home's for a visitor. */
export default function WechatShareForUser() {
  const uid = useUserInfo().data?.uid ?? null;
  return <WechatShare uid={uid} />;
}
