import { HashRouter } from 'react-router-dom';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { AppProviders } from './providers';
import { RouteError } from './route-error';
import { AppRoutes } from './router';

export function App() {
  return (
    <AppProviders>
      <HashRouter>
        <ErrorBoundary fallback={(_error, reset) => <RouteError onReset={reset} />}>
          <AppRoutes />
        </ErrorBoundary>
      </HashRouter>
    </AppProviders>
  );
}
