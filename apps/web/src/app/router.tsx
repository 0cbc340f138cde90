import { useEffect, useMemo, type ReactElement } from 'react';
import { useTranslation } from '../i18n';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { LAKES_PATH, PAGE_IDS, pagePath, TAB_PAGES, type PageId } from '../lib/pages';
import { COMMUNITY_ROUTES } from '../features/community/model/paths';
import { SHOP_ROUTES } from '../features/shop/model/routes';
import { VERIFY_ROUTE } from '../features/games/model/paths';
import { LIABILITIES_ROUTES } from '../features/liabilities/model/paths';
import { RootLayout } from './layouts/root-layout';
import { TabLayout } from './layouts/tab-layout';
import { eagerPage, lazyPage } from './lazy-page';
import HomeRoute from './routes/home';

// Every page but Home is its own lazily loaded chunk; the pages not built yet share one. Home comes with the entry and
// draws only first-screen strings (i18n/first-screen.ts): it renders in the first commit, without waiting for the rest
// of the catalogue (decisions 046, 062).
const HomePage = eagerPage(HomeRoute);
const MinePage = lazyPage(() => import('./routes/mine'));
const TransferPage = lazyPage(() => import('./routes/transfer'));
const BillsPage = lazyPage(() => import('./routes/bills'));
const FundsPage = lazyPage(() => import('./routes/funds'));
const ExchangePage = lazyPage(() => import('./routes/exchange'));
const PricePage = lazyPage(() => import('./routes/price'));
const PriceRecordPage = lazyPage(() => import('./routes/price-record'));
const UserRecordPage = lazyPage(() => import('./routes/user-record'));
const WithdrawalPage = lazyPage(() => import('./routes/withdrawal'));
const WithdrawalDetailPage = lazyPage(() => import('./routes/withdrawal-detail'));
const RechargePage = lazyPage(() => import('./routes/recharge'));
const PasswordPage = lazyPage(() => import('./routes/password'));
const UserSetInfoPage = lazyPage(() => import('./routes/user-set-info'));
const AirdropPage = lazyPage(() => import('./routes/airdrop'));
const IncomePage = lazyPage(() => import('./routes/income'));
const IncomeLogPage = lazyPage(() => import('./routes/income-log'));
const ChargePage = lazyPage(() => import('./routes/charge'));
const HoldingsPage = lazyPage(() => import('./routes/holdings'));
const AssetDetailsPage = lazyPage(() => import('./routes/asset-details'));
const DetailsRowPage = lazyPage(() => import('./routes/details-row'));
const ChatIndexPage = lazyPage(() => import('./routes/chat-index'));
const ChatConversationPage = lazyPage(() => import('./routes/chat-conversation'));
const ChatGroupPage = lazyPage(() => import('./routes/chat-group'));
const ChatInfoPage = lazyPage(() => import('./routes/chat-info'));
const ChatGroupInfoPage = lazyPage(() => import('./routes/chat-group-info'));
const ChatRequestsPage = lazyPage(() => import('./routes/chat-requests'));
const ChatFriendsPage = lazyPage(() => import('./routes/chat-friends'));
const ChatFriendCardPage = lazyPage(() => import('./routes/chat-friend-card'));
const ChatGroupsPage = lazyPage(() => import('./routes/chat-groups'));
const ChatServicePage = lazyPage(() => import('./routes/chat-service'));
const ChatSearchPage = lazyPage(() => import('./routes/chat-search'));
const ChatAddFriendPage = lazyPage(() => import('./routes/chat-add-friend'));
const ChatSocketLogPage = lazyPage(() => import('./routes/chat-socket-log'));
const CardsIndexPage = lazyPage(() => import('./routes/cards-index'));
const CardsDetailsPage = lazyPage(() => import('./routes/cards-details'));
const CardsSellPage = lazyPage(() => import('./routes/cards-sell'));
const CardsOrderPage = lazyPage(() => import('./routes/cards-order'));
const CardsSuccessPage = lazyPage(() => import('./routes/cards-success'));
const TradingIndexPage = lazyPage(() => import('./routes/trading-index'));
const TradingDetailsPage = lazyPage(() => import('./routes/trading-details'));
const TradingSellPage = lazyPage(() => import('./routes/trading-sell'));
const TradingOrderPage = lazyPage(() => import('./routes/trading-order'));
const TradingRecordPage = lazyPage(() => import('./routes/trading-record'));
const TradingSetPage = lazyPage(() => import('./routes/trading-set'));
const TradingRenewalPage = lazyPage(() => import('./routes/trading-renewal'));
const TradingSuccessPage = lazyPage(() => import('./routes/trading-success'));
const PledgeIndexPage = lazyPage(() => import('./routes/pledge-index'));
const PledgeDetailsPage = lazyPage(() => import('./routes/pledge-details'));
const PledgeMyListPage = lazyPage(() => import('./routes/pledge-my-list'));
const MiningIndexPage = lazyPage(() => import('./routes/mining-index'));
const MiningOrderPage = lazyPage(() => import('./routes/mining-order'));
const MiningPaopaoPage = lazyPage(() => import('./routes/mining-paopao'));
const MiningSuccessPage = lazyPage(() => import('./routes/mining-success'));
const CommunityIndexPage = lazyPage(() => import('./routes/community-index'));
const CommunitySetPage = lazyPage(() => import('./routes/community-set'));
const CommunitySetInfoPage = lazyPage(() => import('./routes/community-set-info'));
const CommunityMembersPage = lazyPage(() => import('./routes/community-members'));
const CommunityLeaderPage = lazyPage(() => import('./routes/community-leader'));
const CommunityLeaderMemberPage = lazyPage(() => import('./routes/community-leader-member'));
const CommunityInvitePage = lazyPage(() => import('./routes/community-invite'));
const CommunitySharePage = lazyPage(() => import('./routes/community-share'));
const UserSpreadPage = lazyPage(() => import('./routes/user-spread'));
const ComingSoonPage = lazyPage(() => import('./routes/coming-soon'));
const ShopIndexPage = lazyPage(() => import('./routes/shop-index'));
const ShopGoodsPage = lazyPage(() => import('./routes/shop-goods'));
const ShopConfirmPage = lazyPage(() => import('./routes/shop-confirm'));
const ShopOrdersPage = lazyPage(() => import('./routes/shop-orders'));
const ShopOrderPage = lazyPage(() => import('./routes/shop-order'));
const ChooseLocationPage = lazyPage(() => import('./routes/choose-location'));
const OpenLocationPage = lazyPage(() => import('./routes/open-location'));
const ArticleIndexPage = lazyPage(() => import('./routes/article-index'));
const ArticleDetailsPage = lazyPage(() => import('./routes/article-details'));
const GameIndexPage = lazyPage(() => import('./routes/game-index'));
const GameTigerPage = lazyPage(() => import('./routes/game-tiger'));
const UserGameRoomPage = lazyPage(() => import('./routes/user-game-room'));
const GameVerifyPage = lazyPage(() => import('./routes/game-verify'));
const RaffleDemoPage = lazyPage(() => import('./routes/raffle-demo'));
const LiabilitiesPage = lazyPage(() => import('./routes/liabilities'));
const LiabilitiesVerifyPage = lazyPage(() => import('./routes/liabilities-verify'));
const RedirectPage = lazyPage(() => import('./routes/redirect'));
const LakesPage = lazyPage(() => import('./routes/lakes'));
const NotFoundPage = lazyPage(() => import('./routes/not-found'));

const BUILT_PAGES: Partial<Record<PageId, ReactElement>> = {
  'index/index': <HomePage />,
  'user/user': <MinePage />,
  'property/transfer': <TransferPage />,
  'property/propDetails': <BillsPage />,
  'property/index': <FundsPage />,
  'property/exchange': <ExchangePage />,
  'user/price': <PricePage />,
  'user/priceRecord': <PriceRecordPage />,
  'user/record': <UserRecordPage />,
  'property/withdrawal': <WithdrawalPage />,
  'property/recharge': <RechargePage />,
  'user/password': <PasswordPage />,
  'user/setInfo': <UserSetInfoPage />,
  'index/airDrop': <AirdropPage />,
  'index/income': <IncomePage />,
  'index/incomeTpl': <IncomeLogPage />,
  'property/single': <ChargePage />,
  'article/index': <ArticleIndexPage />,
  'article/details': <ArticleDetailsPage />,
  'index/property': <HoldingsPage />,
  'index/details': <AssetDetailsPage />,
  'index/detailsTpl': <DetailsRowPage />,
  'chat/index': <ChatIndexPage />,
  'chat/chat': <ChatConversationPage />,
  'chat/chatGroup': <ChatGroupPage />,
  'chat/chatInfoDetails': <ChatInfoPage />,
  'chat/groupInfoDetails': <ChatGroupInfoPage />,
  'chat/addList': <ChatRequestsPage />,
  'chat/myFriList': <ChatFriendsPage />,
  'chat/friCard': <ChatFriendCardPage />,
  'chat/groupList': <ChatGroupsPage />,
  'chat/myService': <ChatServicePage />,
  'chat/searchAdd': <ChatSearchPage />,
  'chat/addFri': <ChatAddFriendPage />,
  'cards/index': <CardsIndexPage />,
  'cards/details': <CardsDetailsPage />,
  'cards/sell': <CardsSellPage />,
  'cards/order': <CardsOrderPage />,
  'cards/success': <CardsSuccessPage />,
  'trading/index': <TradingIndexPage />,
  'trading/details': <TradingDetailsPage />,
  'trading/sell': <TradingSellPage />,
  'trading/order': <TradingOrderPage />,
  'trading/record': <TradingRecordPage />,
  'trading/set': <TradingSetPage />,
  'trading/renewal': <TradingRenewalPage />,
  'trading/success': <TradingSuccessPage />,
  'pledge/index': <PledgeIndexPage />,
  'pledge/details': <PledgeDetailsPage />,
  'pledge/myList': <PledgeMyListPage />,
  'mining/index': <MiningIndexPage />,
  'mining/order': <MiningOrderPage />,
  'mining/paopao': <MiningPaopaoPage />,
  'mining/success': <MiningSuccessPage />,
  'community/index': <CommunityIndexPage />,
  'community/set': <CommunitySetPage />,
  'community/setInfo': <CommunitySetInfoPage />,
  'community/invite': <CommunityInvitePage />,
  'community/share': <CommunitySharePage />,
  'user/spread': <UserSpreadPage />,
  'choose-location': <ChooseLocationPage />,
  'open-location': <OpenLocationPage />,
  'game/index': <GameIndexPage />,
  'game/tiger/tiger': <GameTigerPage />,
  'user/gameRoom': <UserGameRoomPage />,
  'ss-raffle-demo/ss-raffle-demo': <RaffleDemoPage />,
  'redirect/redirect': <RedirectPage />,
};

/** What a route carries besides its element: the spec §2 page it shows. */
export interface RouteHandle {
  pageId: PageId;
}

function pageRoute(pageId: PageId, path: string = pagePath(pageId)): RouteObject {
  const handle: RouteHandle = { pageId };
  return { path, element: BUILT_PAGES[pageId] ?? <ComingSoonPage pageId={pageId} />, handle };
}

/** The route table: every page path of spec §2, `/` as the home alias, and a not-found page. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <TabLayout />,
        children: [pageRoute('index/index', '/'), ...TAB_PAGES.map((id) => pageRoute(id))],
      },
      ...PAGE_IDS.filter((id) => !TAB_PAGES.includes(id)).map((id) => pageRoute(id)),
      // One withdrawal record (decision 042): not a spec page; it belongs to the withdrawal page for its title's sake.
      { path: `${pagePath('property/withdrawal')}/:id`, element: <WithdrawalDetailPage />, handle: { pageId: 'property/withdrawal' } satisfies RouteHandle },
      // The team lists and the leader's pages (decision 067): not spec pages; community/index links them.
      { path: COMMUNITY_ROUTES.members, element: <CommunityMembersPage />, handle: { pageId: 'community/index' } satisfies RouteHandle },
      { path: COMMUNITY_ROUTES.leader, element: <CommunityLeaderPage />, handle: { pageId: 'community/index' } satisfies RouteHandle },
      { path: COMMUNITY_ROUTES.leaderMember, element: <CommunityLeaderMemberPage />, handle: { pageId: 'community/index' } satisfies RouteHandle },
      // The points shop (decision 073): not spec pages (spec §7 has the point/* calls); Home and Mine link them.
      ...Object.entries({
        [SHOP_ROUTES.index]: <ShopIndexPage />,
        [SHOP_ROUTES.goods]: <ShopGoodsPage />,
        [SHOP_ROUTES.confirm]: <ShopConfirmPage />,
        [SHOP_ROUTES.orders]: <ShopOrdersPage />,
        [SHOP_ROUTES.order]: <ShopOrderPage />,
      }).map(([path, element]) => ({ path, element, handle: { pageId: 'user/user' } satisfies RouteHandle })),
      // A round recomputed in the browser (decision 070): not a spec page; the game zone links it.
      { path: VERIFY_ROUTE, element: <GameVerifyPage />, handle: { pageId: 'game/index' } satisfies RouteHandle },
      // Proof of liabilities (decision 098): not spec pages; Mine links both, the first for visitors too.
      { path: LIABILITIES_ROUTES.published, element: <LiabilitiesPage />, handle: { pageId: 'user/user' } satisfies RouteHandle },
      { path: LIABILITIES_ROUTES.verify, element: <LiabilitiesVerifyPage />, handle: { pageId: 'user/user' } satisfies RouteHandle },
      // The socket log (decision 024): not a spec page and linked from nowhere.
      { path: LAKES_PATH, element: <LakesPage />, handle: { pageId: 'user/price' } satisfies RouteHandle },
      { path: '/debug/socket', element: <ChatSocketLogPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Renders the route table. Declarative routing (HashRouter + useRoutes) rather than
 * createHashRouter: the app uses no loaders or actions, and the data router costs about 17 KB
 * gzipped of the home page's 170 KB budget. The table is a plain RouteObject[], so moving to
 * createHashRouter(routes) later is a one-line change.
 */
export function AppRoutes() {
  useDocumentTitle(useCurrentPageId());
  return useRoutes(routes);
}

/** The spec §2 page the current URL shows; undefined on the not-found page. */
function useCurrentPageId(): PageId | undefined {
  const { pathname } = useLocation();
  // Matching ranks the whole table (~70 routes) each time: once per path, not on every render (decision 062).
  return useMemo(() => {
    const matches = matchRoutes(routes, pathname) ?? [];
    for (let i = matches.length - 1; i >= 0; i--) {
      const handle = matches[i]!.route.handle as RouteHandle | undefined;
      if (handle) return handle.pageId;
    }
    return undefined;
  }, [pathname]);
}

/** Keeps the browser tab on the page's translated title. */
function useDocumentTitle(pageId: PageId | undefined) {
  const { t } = useTranslation();
  const title = pageId ? t(`titles.${pageId}`) : t('page.notFoundTitle');
  const appName = t('app.name');
  useEffect(() => {
    document.title = title === appName ? appName : `${title} · ${appName}`;
  }, [title, appName]);
}
