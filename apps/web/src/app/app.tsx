import { lazy, Suspense } from 'react';
import { HashRouter } from 'react-router-dom';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { AddressBarCatchUp } from './address-bar-catch-up';
import { AppProviders } from './providers';
import { RouteError } from './route-error';
import { AppRoutes } from './router';

/**
 * WeChat's in-app browser says MicroMessenger in its User-Agent. Only there, the share menus get the operator's share
 * content through WeChat's JS-SDK (decision 120); no other browser loads a byte of it.
 */
const IN_WECHAT = /\bMicroMessenger\//i.test(navigator.userAgent);
const WechatShare = lazy(() => import('./wechat-share'));

export function App() {
  return (
    <AppProviders>
      <HashRouter>
        <AddressBarCatchUp />
        <ErrorBoundary fallback={(_error, reset) => <RouteError onReset={reset} />}>
          <AppRoutes />
        </ErrorBoundary>
        {IN_WECHAT && (
          <Suspense fallback={null}>
            <WechatShare />
          </Suspense>
        )}
      </HashRouter>
    </AppProviders>
  );
}
