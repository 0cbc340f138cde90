import { HashRouter } from 'react-router-dom';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { AddressBarCatchUp } from './address-bar-catch-up';
import { AppProviders } from './providers';
import { RouteError } from './route-error';
import { AppRoutes } from './router';

export function App() {
  return (
    <AppProviders>
      <HashRouter>
        <AddressBarCatchUp />
        <ErrorBoundary fallback={(_error, reset) => <RouteError onReset={reset} />}>
          <AppRoutes />
        </ErrorBoundary>
      </HashRouter>
    </AppProviders>
  );
}
