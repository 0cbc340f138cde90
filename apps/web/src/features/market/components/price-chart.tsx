import { useEffect, useRef, useState } from 'react';
import { localeTag, useTranslation } from '../../../i18n';
import { isLanguageCode } from '@reef/contract';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { Candle } from '../api/list-prices';
import { createPriceChart, type PriceChartHandle } from '../model/price-chart';
import './price-chart.css';

/**
 * The canvas chart. lightweight-charts (about 50 KB gzipped) is imported here, on mount, so it is a
 * chunk of its own that only the price page downloads.
 */
export function PriceChart({ candles, loading = false }: { candles: readonly Candle[]; loading?: boolean }) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<PriceChartHandle | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const locale = localeTag(isLanguageCode(i18n.language) ? i18n.language : undefined);

  useEffect(() => {
    let disposed = false;
    let handle: PriceChartHandle | null = null;
    import('lightweight-charts').then(
      (library) => {
        if (disposed || container.current === null) return;
        handle = createPriceChart(library, container.current, locale);
        setChart(handle);
      },
      () => {
        if (!disposed) setFailed(true);
      },
    );
    return () => {
      disposed = true;
      handle?.remove();
      setChart(null);
    };
  }, [locale, attempt]);

  useEffect(() => {
    chart?.setCandles(candles);
  }, [chart, candles]);

  if (failed) {
    return (
      <div className="price-chart price-chart--message">
        <p>{t('market.chartError')}</p>
        <Button
          variant="secondary"
          onClick={() => {
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        >
          {t('common.retry')}
        </Button>
      </div>
    );
  }

  return (
    // A labelled figure, not role="img": the library draws a focusable attribution link inside, and an image role
    // may not hold anything interactive (axe's nested-interactive, decision 049).
    <figure className="price-chart" data-testid="price-chart" aria-label={t('market.chartLabel')}>
      {/* The library owns this element's children; React renders only beside it. */}
      <div className="price-chart__canvas" ref={container} />
      {(chart === null || loading) && (
        <div className="price-chart__loading">
          <Spinner size="large" />
        </div>
      )}
    </figure>
  );
}
