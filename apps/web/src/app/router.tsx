import type { ReactElement } from 'react';
import { createHashRouter, type RouteObject } from 'react-router-dom';
import { PAGE_IDS, pagePath, TAB_PAGES, type PageId } from '../lib/pages';
import { RootLayout, type RouteHandle } from './layouts/root-layout';
import { TabLayout } from './layouts/tab-layout';
import { lazyPage } from './lazy-page';
import { RouteError } from './route-error';

// Every page is its own lazily loaded chunk; the pages not built yet share one.
const HomePage = lazyPage(() => import('./routes/home'));
const MinePage = lazyPage(() => import('./routes/mine'));
const TransferPage = lazyPage(() => import('./routes/transfer'));
const BillsPage = lazyPage(() => import('./routes/bills'));
const ComingSoonPage = lazyPage(() => import('./routes/coming-soon'));
const NotFoundPage = lazyPage(() => import('./routes/not-found'));

const BUILT_PAGES: Partial<Record<PageId, ReactElement>> = {
  'index/index': <HomePage />,
  'user/user': <MinePage />,
  'property/transfer': <TransferPage />,
  'property/propDetails': <BillsPage />,
};

function pageRoute(pageId: PageId, path: string = pagePath(pageId)): RouteObject {
  const handle: RouteHandle = { pageId };
  return { path, element: BUILT_PAGES[pageId] ?? <ComingSoonPage pageId={pageId} />, handle };
}

/** The route table: every page path of spec §2, `/` as the home alias, and a not-found page. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <TabLayout />,
        children: [pageRoute('index/index', '/'), ...TAB_PAGES.map((id) => pageRoute(id))],
      },
      ...PAGE_IDS.filter((id) => !TAB_PAGES.includes(id)).map((id) => pageRoute(id)),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createHashRouter(routes);
