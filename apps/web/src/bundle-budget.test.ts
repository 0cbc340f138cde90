// The home page's first-load JavaScript and every lazy chunk, as transferred (brotli), checked on the production build
// (`npm test` builds first); the browser test (e2e/tests/delivery.spec.ts) reads the same figure off the wire.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOME_JS_TRANSFER_BUDGET_KB, LAZY_CHUNK_BUDGET_KB, NAMED_LAZY_CHUNK_BUDGETS_KB } from '../../../scripts/budgets.mjs';
import { homeInitialJs, lazyChunks } from '../../../scripts/bundle-size.mjs';
import type { ModuleMapChunk } from '../vite-plugins/module-map';
import { catalogueArea, isFirstScreenKey } from './i18n/first-screen';
import zhTw from './i18n/locales/zh-tw.json';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isDynamicEntry?: boolean;
}

const dist = join(dirname(fileURLToPath(import.meta.url)), '../dist');
const manifestPath = join(dist, '.vite/manifest.json');

// Measuring compresses every chunk at brotli's highest quality: seconds each while other work loads the machine.
describe('bundle budget', { timeout: 60_000 }, () => {
  it(`keeps the home page's first-load JavaScript, brotli compressed, under ${HOME_JS_TRANSFER_BUDGET_KB} KB`, () => {
    const { totalBrotli, files } = homeInitialJs();
    expect(files.length).toBeGreaterThan(0);
    // Home's page is in the entry (decision 039): its first visit is the entry and the default catalogue's first-screen
    // part (decision 046).
    expect(files.map((f) => f.file)).toEqual([expect.stringMatching(/^assets\/index-.+\.js$/), expect.stringMatching(/^assets\/zh-tw-first-.+\.js$/)]);
    expect(totalBrotli / 1024).toBeLessThanOrEqual(HOME_JS_TRANSFER_BUDGET_KB);
  });

  it('uses in the entry (the shell and Home) only keys of the first-screen part of the catalogue', () => {
    const entry = homeInitialJs().files.find((f) => /^assets\/index-/.test(f.file))!;
    const code = readFileSync(join(dist, entry.file), 'utf8');
    const sections = Object.keys(zhTw).join('|');
    // Minified, a key is still a string literal ("home.welcome") or a template's head (`titles.${e}`).
    const keys = [...code.matchAll(new RegExp(`["'\`]((?:${sections})\\.[\\w./-]*)`, 'g'))].map((m) => m[1]!.replace(/\.$/, ''));
    expect(keys.length).toBeGreaterThan(10);
    expect(keys.filter((key) => !isFirstScreenKey(key))).toEqual([]);
  });

  it('splits every catalogue into two parts that hold each key exactly once', () => {
    const first = catalogueArea(zhTw, 'first');
    const rest = catalogueArea(zhTw, 'rest');
    const flat = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : flat(v as object, `${prefix}${k}.`)));
    expect([...flat(first), ...flat(rest)].sort()).toEqual(flat(zhTw).sort());
    expect(flat(first).every(isFirstScreenKey)).toBe(true);
    expect(flat(rest).some(isFirstScreenKey)).toBe(false);
    // Each language's two parts are chunks of the build.
    const names = readdirSync(join(dist, 'assets'));
    for (const code of ['zh-tw', 'zh-cn', 'en-us', 'pt-br', 'de-de', 'ru-ru']) {
      for (const part of ['first', 'rest'])
        expect(
          names.some((n) => n.startsWith(`${code}-${part}-`) && n.endsWith('.js')),
          `${code} ${part}`,
        ).toBe(true);
    }
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

  it('holds nothing of the operator console: not one module of it, its libraries or its contract is in the mobile build', () => {
    // .vite/modules.json (vite-plugins/module-map.ts) names every source module rendered into every chunk, so this
    // is the build's own account of what it is made of: the console adding a byte to the mobile app would mean one
    // of its modules (or a module only it uses) appearing here.
    const read = (dir: string) => JSON.parse(readFileSync(join(dir, '.vite/modules.json'), 'utf8')) as ModuleMapChunk[];
    const mobile = read(dist);
    const mobileModules = mobile.flatMap((chunk) => Object.keys(chunk.modules));
    expect(mobileModules.length).toBeGreaterThan(100);
    expect(mobileModules.some((m) => m.startsWith('src/app/'))).toBe(true);
    // The console's own code, its table library and its contract (`consoleApi`, the role table's endpoints).
    const consoleOnly = (m: string) =>
      m.includes('src/console/') ||
      m.includes('node_modules/@tanstack/react-table') ||
      m.includes('node_modules/@tanstack/table-core') ||
      m.endsWith('contract/src/http/console.ts');
    expect(mobileModules.filter(consoleOnly)).toEqual([]);

    // The console is its own build under dist/admin, and every console source module is in it, never in a mobile chunk.
    const admin = read(join(dist, 'admin'));
    const adminModules = admin.flatMap((chunk) => Object.keys(chunk.modules));
    expect(adminModules.filter((m) => m.includes('src/console/')).length).toBeGreaterThan(10);
    expect(adminModules.some((m) => m.includes('node_modules/@tanstack/table-core'))).toBe(true);
    const mobileFiles = new Set(mobile.map((chunk) => chunk.file));
    expect(admin.map((chunk) => chunk.file).filter((file) => mobileFiles.has(file))).toEqual([]);

    // Nothing of the mobile app's first load points at the console: index.html and the service worker's precache.
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).not.toContain('/admin/');
    expect(readFileSync(join(dist, 'sw.js'), 'utf8')).not.toContain('/admin/');
  });
});
