// The home page's first-load JavaScript and every lazy chunk, as transferred (brotli), checked on the production build
// (`npm test` builds first); the browser test (e2e/tests/delivery.spec.ts) reads the same figure off the wire.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOME_JS_TRANSFER_CEILING_KB, LAZY_CHUNK_BUDGET_KB, NAMED_LAZY_CHUNK_BUDGETS_KB } from '../../../scripts/budgets.mjs';
import { homeInitialJs, lazyChunks } from '../../../scripts/bundle-size.mjs';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isDynamicEntry?: boolean;
}

const manifestPath = join(dirname(fileURLToPath(import.meta.url)), '../dist/.vite/manifest.json');

// Brotli at quality 11 over the whole build (the WalletConnect chunk alone is 469 KB raw) takes seconds on a loaded
// machine: more than Vitest's default 5 s per test.
describe('bundle budget', { timeout: 60_000 }, () => {
  it(`keeps the home page's first-load JavaScript, brotli compressed, under the ceiling`, () => {
    const { totalBrotli, files } = homeInitialJs();
    expect(files.length).toBeGreaterThan(0);
    // Home's page is in the entry (decision 039): its first visit is the entry and the default catalogue.
    expect(files.map((f) => f.file)).toEqual([expect.stringMatching(/^assets\/index-.+\.js$/), expect.stringMatching(/^assets\/zh-tw-.+\.js$/)]);
    expect(totalBrotli / 1024).toBeLessThan(HOME_JS_TRANSFER_CEILING_KB);
  });

  it(`keeps every lazy chunk under ${LAZY_CHUNK_BUDGET_KB} KB brotli, or under its own named budget`, () => {
    const { files } = lazyChunks();
    expect(files.length).toBeGreaterThan(0);
    const over = files.filter((f) => f.brotli / 1024 > f.budgetKb).map((f) => `${f.file} ${(f.brotli / 1024).toFixed(1)} KB > ${f.budgetKb} KB`);
    expect(over).toEqual([]);
    // A named budget names a chunk that exists: a renamed module cannot keep an allowance nobody checks.
    expect(Object.keys(NAMED_LAZY_CHUNK_BUDGETS_KB).filter((source) => !files.some((f) => f.source === source))).toEqual([]);
  });

  it('loads WalletConnect only through dynamic imports from the auth feature, never with a page or the first load', () => {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
    const key = 'src/features/auth/model/walletconnect-provider.ts';
    const chunk = manifest[key];
    expect(chunk?.isDynamicEntry).toBe(true);
    expect(homeInitialJs().files.map((f) => f.file)).not.toContain(chunk!.file);
    const staticImporters = Object.entries(manifest).filter(([, c]) => c.imports?.includes(key));
    expect(staticImporters.map(([k]) => k)).toEqual([]);
    const dynamicImporters = Object.entries(manifest).filter(([, c]) => c.dynamicImports?.includes(key));
    expect(dynamicImporters.map(([k]) => k).sort()).toEqual([
      'src/features/auth/components/walletconnect-sheet.tsx',
      'src/features/auth/model/wallet-controller.ts',
    ]);
    // Every WalletConnect module sits in that one chunk: none leaked into a shared or route chunk.
    const others = Object.values(manifest).filter((c) => c.file !== chunk!.file && c.file.endsWith('.js'));
    const dist = join(dirname(manifestPath), '..');
    const leaks = others.filter((c) => readFileSync(join(dist, c.file), 'utf8').includes('relay.walletconnect.org')).map((c) => c.file);
    expect(leaks).toEqual([]);
    // Reown AppKit (the provider's QR modal) is not built at all: a stand-in takes its import (vite.config.ts).
    expect(Object.keys(manifest).filter((k) => k.includes('@reown/'))).toEqual([]);
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
