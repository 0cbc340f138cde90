import type { AreaData, HistogramData, IChartApi, Time, UTCTimestamp } from 'lightweight-charts';
import { toUnits } from '@reef/contract';
import type { Candle } from '../api/list-prices';

/**
 * The price chart on top of lightweight-charts. The library arrives as an argument: the page imports
 * it dynamically, so it never lands in the home page's first download (the budget of decision 009).
 */
export type ChartLibrary = typeof import('lightweight-charts');

const COLORS = {
  text: '#8fb3c4',
  grid: 'rgba(143, 179, 196, 0.08)',
  border: 'rgba(46, 230, 214, 0.16)',
  line: '#2ee6d6',
  areaTop: 'rgba(46, 230, 214, 0.38)',
  areaBottom: 'rgba(46, 230, 214, 0.02)',
  volumeUp: 'rgba(62, 224, 143, 0.45)',
  volumeDown: 'rgba(255, 122, 102, 0.45)',
  crosshair: 'rgba(244, 217, 166, 0.55)',
} as const;

export interface ChartSeries {
  closes: AreaData<UTCTimestamp>[];
  volumes: HistogramData<UTCTimestamp>[];
}

/**
 * Candles as plot points. The chart positions pixels with JS numbers, so here, and only here, exact
 * strings become floats; every figure the page prints as text comes from the strings.
 */
export function toChartSeries(candles: readonly Candle[]): ChartSeries {
  const sorted = [...candles].sort((a, b) => a.time - b.time);
  const closes: AreaData<UTCTimestamp>[] = [];
  const volumes: HistogramData<UTCTimestamp>[] = [];
  let previousTime = Number.NEGATIVE_INFINITY;
  for (const candle of sorted) {
    // The library throws on repeated times; the server sends one candle per bucket, but be safe.
    if (candle.time <= previousTime) continue;
    previousTime = candle.time;
    const time = candle.time as UTCTimestamp;
    closes.push({ time, value: Number(candle.close) });
    const rising = toUnits(candle.close) >= toUnits(candle.open);
    volumes.push({ time, value: Number(candle.volume), color: rising ? COLORS.volumeUp : COLORS.volumeDown });
  }
  return { closes, volumes };
}

export interface PriceChartHandle {
  setCandles(candles: readonly Candle[]): void;
  remove(): void;
}

/** Times arrive as UTC seconds; the axis and the crosshair label them in the user's time zone. */
function timeLabels(locale: string) {
  const formats = {
    year: new Intl.DateTimeFormat(locale, { year: 'numeric' }),
    month: new Intl.DateTimeFormat(locale, { month: 'short' }),
    day: new Intl.DateTimeFormat(locale, { month: 'numeric', day: 'numeric' }),
    time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }),
    seconds: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
    full: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  };
  const date = (time: Time) => (typeof time === 'number' ? new Date(time * 1000) : null);
  return {
    crosshair: (time: Time) => {
      const value = date(time);
      return value ? formats.full.format(value) : String(time);
    },
    /** TickMarkType: 0 year, 1 month, 2 day of month, 3 time, 4 time with seconds. */
    tick: (time: Time, type: number) => {
      const value = date(time);
      if (!value) return null;
      const format = [formats.year, formats.month, formats.day, formats.time, formats.seconds][type] ?? formats.full;
      return format.format(value);
    },
  };
}

export function createPriceChart(library: ChartLibrary, container: HTMLElement, locale: string): PriceChartHandle {
  const labels = timeLabels(locale);
  const chart: IChartApi = library.createChart(container, {
    autoSize: true,
    layout: {
      background: { type: library.ColorType.Solid, color: 'transparent' },
      textColor: COLORS.text,
      fontFamily: getComputedStyle(container).fontFamily,
      fontSize: 11,
      attributionLogo: true,
    },
    localization: { locale, timeFormatter: labels.crosshair, priceFormatter: (price: number) => price.toFixed(4) },
    grid: { vertLines: { color: COLORS.grid }, horzLines: { color: COLORS.grid } },
    rightPriceScale: { borderColor: COLORS.border, scaleMargins: { top: 0.12, bottom: 0.28 } },
    timeScale: {
      borderColor: COLORS.border,
      timeVisible: true,
      secondsVisible: false,
      tickMarkFormatter: labels.tick,
      // A young lake has few buckets: keep them as bars on the right, not stretched across the chart.
      maxBarSpacing: 24,
      fixRightEdge: true,
    },
    crosshair: {
      vertLine: { color: COLORS.crosshair, labelBackgroundColor: '#12386a' },
      horzLine: { color: COLORS.crosshair, labelBackgroundColor: '#12386a' },
    },
    handleScale: { axisPressedMouseMove: false },
  });
  const area = chart.addSeries(library.AreaSeries, {
    lineColor: COLORS.line,
    topColor: COLORS.areaTop,
    bottomColor: COLORS.areaBottom,
    lineWidth: 2,
    priceFormat: { type: 'price', precision: 4, minMove: 0.0001 },
  });
  const volume = chart.addSeries(library.HistogramSeries, {
    priceFormat: { type: 'volume' },
    priceScaleId: 'volume',
    lastValueVisible: false,
    priceLineVisible: false,
  });
  volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });

  return {
    setCandles(candles) {
      const { closes, volumes } = toChartSeries(candles);
      area.setData(closes);
      volume.setData(volumes);
      chart.timeScale().fitContent();
    },
    remove() {
      chart.remove();
    },
  };
}
