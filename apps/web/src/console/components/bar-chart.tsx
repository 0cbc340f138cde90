/**
 * A small bar chart drawn as inline SVG (decision 090): a dozen bars need no chart library. Heights come from
 * exact bigint units (never floating-point money); each bar carries its figure in a <title>, and the same figures
 * are in a table that screen readers read instead of the picture.
 */
import { useId } from 'react';

export interface Bar {
  /** The bar's name under it and in the table (a day). */
  label: string;
  /** Its size in exact units (a count, or an amount in 10^-8). */
  value: bigint;
  /** Its figure as shown (a count, an exact amount string). */
  text: string;
}

const BAR = 22;
const GAP = 6;
const HEIGHT = 100;
const AXIS = 16;

export function BarChart({
  title,
  bars,
  labelHeader,
  valueHeader,
  testId,
}: {
  title: string;
  bars: Bar[];
  labelHeader: string;
  valueHeader: string;
  testId?: string;
}) {
  const id = useId();
  const max = bars.reduce((m, b) => (b.value > m ? b.value : m), 0n);
  const width = bars.length * (BAR + GAP);
  return (
    <figure className="chart" data-testid={testId}>
      <figcaption id={id}>{title}</figcaption>
      <svg role="img" aria-labelledby={id} width={width} height={HEIGHT + AXIS} viewBox={`0 0 ${width} ${HEIGHT + AXIS}`}>
        <title>{title}</title>
        {bars.map((bar, i) => {
          // Scaled in bigint so a large amount loses no precision before the last step; at least 1px when not zero.
          const height = max === 0n ? 0 : Math.max(bar.value > 0n ? 1 : 0, Number((bar.value * BigInt(HEIGHT)) / max));
          const x = i * (BAR + GAP);
          return (
            <g key={bar.label}>
              <rect x={x} y={HEIGHT - height} width={BAR} height={height} className="chart__bar">
                <title>{`${bar.label}: ${bar.text}`}</title>
              </rect>
              {(i === 0 || i === bars.length - 1 || i % 4 === 0) && (
                <text x={x + BAR / 2} y={HEIGHT + AXIS - 3} textAnchor="middle" className="chart__axis">
                  {bar.label.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col">{valueHeader}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.label}>
              <th scope="row">{bar.label}</th>
              <td>{bar.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
