/**
 * A small Prometheus registry (text exposition format 0.0.4): counters, gauges and histograms with labels,
 * and gauges read when scraped. Written here because no metrics library is installed (decision 079); its
 * shape follows prom-client's so swapping it in later changes only this file and its callers' imports.
 */

type Labels = Record<string, string>;

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

function labelText(labels: Labels): string {
  const pairs = Object.entries(labels);
  return pairs.length === 0 ? '' : `{${pairs.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}`;
}

const keyOf = (labels: Labels) => JSON.stringify(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : 1)));

const numberText = (value: number) => (Number.isFinite(value) ? String(value) : value > 0 ? '+Inf' : value < 0 ? '-Inf' : 'NaN');

interface Metric {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  lines(): Promise<string[]> | string[];
}

export class Counter {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  inc(labels: Labels = {}, by = 1): void {
    const key = keyOf(labels);
    const entry = this.values.get(key);
    if (entry) entry.value += by;
    else this.values.set(key, { labels, value: by });
  }

  get(labels: Labels = {}): number {
    return this.values.get(keyOf(labels))?.value ?? 0;
  }

  lines(): string[] {
    return [...this.values.values()].map(({ labels, value }) => `${this.name}${labelText(labels)} ${numberText(value)}`);
  }
}

/** A gauge whose samples are read when scraped (a count in the database, the sockets open now). */
export class CollectedGauge {
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly collect: () => Promise<{ labels?: Labels; value: number }[]> | { labels?: Labels; value: number }[],
  ) {}

  async lines(): Promise<string[]> {
    const samples = await this.collect();
    return samples.map(({ labels = {}, value }) => `${this.name}${labelText(labels)} ${numberText(value)}`);
  }
}

export class Histogram {
  private readonly series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: readonly number[],
  ) {}

  observe(labels: Labels, value: number): void {
    const key = keyOf(labels);
    let entry = this.series.get(key);
    if (!entry) {
      entry = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, entry);
    }
    for (let i = 0; i < this.buckets.length; i++) if (value <= this.buckets[i]!) entry.counts[i]! += 1;
    entry.sum += value;
    entry.count += 1;
  }

  lines(): string[] {
    const out: string[] = [];
    for (const { labels, counts, sum, count } of this.series.values()) {
      this.buckets.forEach((le, i) => out.push(`${this.name}_bucket${labelText({ ...labels, le: numberText(le) })} ${counts[i]}`));
      out.push(`${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${count}`);
      out.push(`${this.name}_sum${labelText(labels)} ${numberText(sum)}`);
      out.push(`${this.name}_count${labelText(labels)} ${count}`);
    }
    return out;
  }
}

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export class MetricsRegistry {
  private readonly metrics: Metric[] = [];

  private add<T extends Counter | CollectedGauge | Histogram>(metric: T, type: Metric['type']): T {
    if (this.metrics.some((m) => m.name === metric.name)) throw new Error(`metric ${metric.name} is registered twice`);
    this.metrics.push({ name: metric.name, help: metric.help, type, lines: () => metric.lines() });
    return metric;
  }

  counter(name: string, help: string): Counter {
    return this.add(new Counter(name, help), 'counter');
  }

  gauge(name: string, help: string, collect: ConstructorParameters<typeof CollectedGauge>[2]): CollectedGauge {
    return this.add(new CollectedGauge(name, help, collect), 'gauge');
  }

  histogram(name: string, help: string, buckets: readonly number[]): Histogram {
    return this.add(new Histogram(name, help, buckets), 'histogram');
  }

  /** The exposition text; a gauge whose collection fails is left out (and named in `failed`), the rest still answer. */
  async render(): Promise<{ text: string; failed: string[] }> {
    const out: string[] = [];
    const failed: string[] = [];
    for (const metric of this.metrics) {
      let lines: string[];
      try {
        lines = await metric.lines();
      } catch {
        failed.push(metric.name);
        continue;
      }
      out.push(`# HELP ${metric.name} ${metric.help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`, `# TYPE ${metric.name} ${metric.type}`, ...lines);
    }
    return { text: `${out.join('\n')}\n`, failed };
  }
}
