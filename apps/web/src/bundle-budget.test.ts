// The initial JavaScript budget of the home page, checked on the production build (`npm test` builds first).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUDGET_KB, homeInitialJs } from '../../../scripts/bundle-size.mjs';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isDynamicEntry?: boolean;
}

const manifestPath = join(dirname(fileURLToPath(import.meta.url)), '../dist/.vite/manifest.json');

describe('bundle budget', () => {
  it(`keeps the home page's initial JavaScript under the gzipped budget`, () => {
    const { totalGzip, files } = homeInitialJs();
    expect(files.length).toBeGreaterThan(0);
    expect(totalGzip / 1024).toBeLessThan(BUDGET_KB);
  });

  it('loads the chart library only on the price page, as a dynamic import', () => {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
    const chartKey = Object.keys(manifest).find((key) => key.includes('node_modules/lightweight-charts/'));
    expect(chartKey, 'lightweight-charts is a chunk of the build').toBeDefined();
    const chart = manifest[chartKey!]!;
    expect(chart.isDynamicEntry).toBe(true);
    expect(homeInitialJs().files.map((f) => f.file)).not.toContain(chart.file);

    const importers = Object.entries(manifest).filter(([, chunk]) => chunk.dynamicImports?.includes(chartKey!) || chunk.imports?.includes(chartKey!));
    expect(importers.map(([key]) => key)).toEqual(['src/app/routes/price.tsx']);
  });
});
