import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ToastHost } from '../../components/ui/toast';
import { AuthProvider } from '../../features/auth';
import { userInfoQueryOptions } from '../../features/user';
import { queryClient } from '../../lib/query-client';
import { captureSpread } from '../../lib/spread';
import { UpdateBanner } from './update-banner';

function loadSignedInUser() {
  return queryClient.fetchQuery({ ...userInfoQueryOptions(), staleTime: 0 });
}

/** A `?spread=` can arrive with any navigation inside the hash, not only at start-up. */
function useSpreadCapture() {
  const location = useLocation();
  useEffect(() => {
    captureSpread(window.location);
  }, [location.key]);
}

export function RootLayout() {
  useSpreadCapture();
  return (
    <AuthProvider onSignedIn={loadSignedInUser}>
      {/* The page's main landmark: every route renders inside it (the tab bar is the page's own navigation). */}
      <main className="app-column">
        <UpdateBanner />
        <Outlet />
      </main>
      <ToastHost />
    </AuthProvider>
  );
}
