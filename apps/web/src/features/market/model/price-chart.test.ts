import { describe, expect, it } from 'vitest';
import { toChartSeries } from './price-chart';

const candle = (time: number, open: string, close: string, volume = '10.00000000') => ({
  time,
  open,
  high: open,
  low: close,
  close,
  volume,
});

describe('toChartSeries', () => {
  it('plots closes and colours volume by the candle direction, in time order', () => {
    const { closes, volumes } = toChartSeries([candle(200, '5.10000000', '5.00000000', '3.50000000'), candle(100, '5.00000000', '5.10000000')]);
    expect(closes).toEqual([
      { time: 100, value: 5.1 },
      { time: 200, value: 5 },
    ]);
    expect(volumes.map((v) => v.value)).toEqual([10, 3.5]);
    expect(volumes[0]!.color).not.toBe(volumes[1]!.color);
  });

  it('drops a repeated time, which the chart library would reject', () => {
    const { closes } = toChartSeries([candle(100, '1.00000000', '1.00000000'), candle(100, '2.00000000', '2.00000000')]);
    expect(closes).toHaveLength(1);
  });
});
