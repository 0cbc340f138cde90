import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation, withFullCatalogue } from '../i18n';
import { PAGE_LOADING_DELAY_MS, PAGE_TIMEOUT_MS } from '@reef/contract';
import { Button } from '../components/ui/button';
import { ErrorBoundary } from '../components/ui/error-boundary';
import { Spinner } from '../components/ui/spinner';
import { StatusScreen } from '../components/ui/status-screen';
import { ChunkLoadError, loadChunk } from './load-chunk';

/** Nothing for the first 200 ms (most pages arrive sooner), then a loader, then a time-out note at 60 s. */
function PageLoading({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<'quiet' | 'loading' | 'slow'>('quiet');
  useEffect(() => {
    const show = setTimeout(() => setPhase('loading'), PAGE_LOADING_DELAY_MS);
    const slow = setTimeout(() => setPhase('slow'), PAGE_TIMEOUT_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(slow);
    };
  }, []);
  if (phase === 'quiet') return <div className="page-loading" aria-busy="true" />;
  if (phase === 'slow') {
    return (
      <div className="page page--status">
        <StatusScreen testId="page-timeout" title={t('page.timeoutTitle')} text={t('page.timeoutText')}>
          <Button onClick={onRetry}>{t('common.retry')}</Button>
        </StatusScreen>
      </div>
    );
  }
  return (
    <div className="page-loading" role="status" data-testid="page-loading">
      <Spinner size="large" />
      <span className="page-loading__text">{t('common.loading')}</span>
    </div>
  );
}

function PageError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  const chunk = error instanceof ChunkLoadError;
  return (
    <div className="page page--status">
      <StatusScreen
        testId="page-error"
        title={chunk ? t('page.chunkErrorTitle') : t('page.crashTitle')}
        text={chunk ? t('page.chunkErrorText') : t('page.crashText')}
      >
        <Button onClick={onRetry}>{t('common.retry')}</Button>
      </StatusScreen>
    </div>
  );
}

/**
 * A page bundled with the entry (Home): the same error screen and Retry as a lazy page, without React.lazy. A lazy
 * wrapper around an already loaded module still suspends once, so the first commit would be the loading view and the
 * page itself a second render and commit later (measured: Home's title drawn ~300 ms later at 4× CPU slowdown,
 * decision 062).
 */
export function eagerPage<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function EagerPage(props: P) {
    const [attempt, setAttempt] = useState(0);
    return (
      <ErrorBoundary key={attempt} fallback={(error) => <PageError error={error} onRetry={() => setAttempt((n) => n + 1)} />}>
        <Page {...props} />
      </ErrorBoundary>
    );
  }
  return EagerPage;
}

/**
 * A route's page as React.lazy, with the loading rules of spec §2/§9. React.lazy remembers a
 * failed import, so Retry builds a fresh lazy component, which imports again. The page renders once its code and the
 * whole catalogue are there (decision 046).
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const loadPage = withFullCatalogue(load);
  const create = () => lazy(() => loadChunk(loadPage));
  let current: LazyExoticComponent<ComponentType<P>> = create();

  function LazyPage(props: P) {
    const [attempt, setAttempt] = useState(0);
    const [Page, setPage] = useState(() => current);
    const retry = () => {
      current = create();
      setPage(() => current);
      setAttempt((n) => n + 1);
    };
    return (
      <ErrorBoundary key={attempt} fallback={(error) => <PageError error={error} onRetry={retry} />}>
        <Suspense fallback={<PageLoading onRetry={retry} />}>
          <Page {...props} />
        </Suspense>
      </ErrorBoundary>
    );
  }
  return LazyPage;
}
