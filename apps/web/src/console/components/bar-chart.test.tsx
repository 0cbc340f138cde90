import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { toUnits } from '@reef/contract';
import { BarChart } from './bar-chart';

const draw = (bars: { label: string; text: string }[]) =>
  renderToStaticMarkup(
    <BarChart title="Turnover per day (USDT)" labelHeader="Day" valueHeader="Turnover" bars={bars.map((b) => ({ ...b, value: toUnits(b.text) }))} />,
  );

describe('BarChart', () => {
  it('scales bars on exact units: the largest is full height, half is half, zero is none, a tiny one still shows', () => {
    const html = draw([
      { label: '2026-11-25', text: '0' },
      { label: '2026-11-26', text: '12345678901234.5' },
      { label: '2026-11-27', text: '24691357802469' },
      { label: '2026-11-28', text: '0.00000001' },
    ]);
    const heights = [...html.matchAll(/<rect [^>]*height="(\d+)"/g)].map((m) => Number(m[1]));
    expect(heights).toEqual([0, 50, 100, 1]);
  });

  it('names the picture and gives every figure, exactly as written, in a title and a table', () => {
    const html = draw([
      { label: '2026-11-26', text: '7.50000000' },
      { label: '2026-11-27', text: '110.00000000' },
    ]);
    expect(html).toMatch(/<svg role="img" aria-labelledby="([^"]+)"/);
    const id = /aria-labelledby="([^"]+)"/.exec(html)![1]!;
    expect(html).toContain(`<figcaption id="${id}">Turnover per day (USDT)</figcaption>`);
    expect(html).toContain('<title>2026-11-27: 110.00000000</title>');
    expect(html).toContain('<caption>Turnover per day (USDT)</caption>');
    expect(html).toContain('<th scope="row">2026-11-26</th><td>7.50000000</td>');
  });
});
