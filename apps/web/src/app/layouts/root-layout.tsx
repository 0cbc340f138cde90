import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { ToastHost } from '../../components/ui/toast';
import { AuthProvider } from '../../features/auth';
import { userInfoQueryOptions } from '../../features/user';
import type { PageId } from '../../lib/pages';
import { queryClient } from '../../lib/query-client';
import { captureSpread } from '../../lib/spread';

export interface RouteHandle {
  pageId?: PageId;
}

function loadSignedInUser() {
  return queryClient.fetchQuery({ ...userInfoQueryOptions(), staleTime: 0 });
}

/** Keeps the tab title on the page's translated title. */
function useDocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const pageId = [...matches].reverse().map((match) => (match.handle as RouteHandle | undefined)?.pageId).find(Boolean);
  const title = pageId ? t(`titles.${pageId}`) : t('page.notFoundTitle');
  const appName = t('app.name');
  useEffect(() => {
    document.title = title === appName ? appName : `${title} · ${appName}`;
  }, [title, appName]);
}

/** A `?spread=` can arrive with any navigation inside the hash, not only at start-up. */
function useSpreadCapture() {
  const location = useLocation();
  useEffect(() => {
    captureSpread(window.location);
  }, [location.key]);
}

export function RootLayout() {
  useDocumentTitle();
  useSpreadCapture();
  return (
    <AuthProvider onSignedIn={loadSignedInUser}>
      <div className="app-column">
        <Outlet />
      </div>
      <ToastHost />
    </AuthProvider>
  );
}
