/**
 * Every page of spec §2, by id. A page lives at `/pages/<id>` (the two system pickers at
 * `/<id>`); its title is the i18n key `titles.<id>`.
 */
export const PAGE_IDS = [
  'index/index',
  'index/airDrop',
  'index/details',
  'index/detailsTpl',
  'index/income',
  'index/incomeTpl',
  'index/property',
  'cards/index',
  'cards/details',
  'cards/sell',
  'cards/order',
  'cards/success',
  'trading/index',
  'trading/details',
  'trading/sell',
  'trading/order',
  'trading/record',
  'trading/set',
  'trading/renewal',
  'trading/success',
  'mining/index',
  'mining/order',
  'mining/paopao',
  'mining/success',
  'pledge/index',
  'pledge/details',
  'pledge/myList',
  'property/index',
  'property/exchange',
  'property/recharge',
  'property/single',
  'property/transfer',
  'property/withdrawal',
  'property/propDetails',
  'chat/index',
  'chat/chat',
  'chat/chatGroup',
  'chat/chatInfoDetails',
  'chat/groupInfoDetails',
  'chat/addList',
  'chat/myFriList',
  'chat/friCard',
  'chat/groupList',
  'chat/myService',
  'chat/searchAdd',
  'chat/addFri',
  'community/index',
  'community/invite',
  'community/set',
  'community/setInfo',
  'community/share',
  'user/user',
  'user/spread',
  'user/setInfo',
  'user/password',
  'user/gameRoom',
  'user/priceRecord',
  'user/record',
  'user/price',
  'article/index',
  'article/details',
  'game/index',
  'game/tiger/tiger',
  'redirect/redirect',
  'ss-raffle-demo/ss-raffle-demo',
  'choose-location',
  'open-location',
] as const;

export type PageId = (typeof PAGE_IDS)[number];

const SYSTEM_PAGES: readonly PageId[] = ['choose-location', 'open-location'];

export function pagePath(id: PageId): string {
  return SYSTEM_PAGES.includes(id) ? `/${id}` : `/pages/${id}`;
}

/** The home tab; `/` is its alias. Sign-in lands here unless a page was saved to return to. */
export const HOME_PATH = pagePath('index/index');
/** The lakes page (decision 078): no page of its own in spec §2, so it lives under the price page it is reached from. */
export const LAKES_PATH = `${pagePath('user/price')}/lakes`;

/** Pages that show a native-style navigation bar (spec §2); every other page hides it. */
export const NAV_BAR_PAGES: readonly PageId[] = ['index/details', 'property/propDetails'];

/** The bottom tabs: Home, AI chat, Mine. */
export const TAB_PAGES: readonly PageId[] = ['index/index', 'chat/index', 'user/user'];

/**
 * pages/user/password, asked to come back to `back` (an in-app page path, with its query) once the password is
 * saved: a form that needs a transaction password sends the user there and gets them back (decision 041).
 */
export function payPasswordPath(back: string): string {
  return `${pagePath('user/password')}?${new URLSearchParams({ back }).toString()}`;
}

/**
 * The `back` a page was given, only when it is one of our pages: never another origin (`//host`, `https:`), never
 * a `javascript:` URL, so a crafted link cannot send the user away after they typed a password.
 */
export function safeReturnPath(raw: string | null): string | null {
  if (raw === null) return null;
  return /^\/pages\/[A-Za-z0-9/_-]+(\?[^#\s\\]*)?$/.test(raw) && !raw.includes('//') ? raw : null;
}
