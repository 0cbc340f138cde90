// Measures the JavaScript a first visit to the home page downloads, as transferred: the entry script and every
// module it preloads or imports statically (index.html's <script> and <link rel="modulepreload">, the build
// manifest's static imports; Home's page and the default language's first-screen strings are among them), each compressed
// with brotli as the server sends it (decision 031: the build writes .br at quality 11). Every other script is a
// lazy chunk, held under its own limit (decision 039). Read from the build itself, so it counts what ships.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { HOME_JS_TRANSFER_BUDGET_KB, LAZY_CHUNK_BUDGET_KB, NAMED_LAZY_CHUNK_BUDGETS_KB } from './budgets.mjs';

/** @deprecated name kept for older callers: the first load's limit in KB, now of brotli bytes. */
export const BUDGET_KB = HOME_JS_TRANSFER_BUDGET_KB;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const HOME_PAGE_SOURCE = 'src/app/routes/home.tsx';
const DEFAULT_LOCALE_SOURCE = /i18n\/locales\/zh-tw\.json\?part=first$/;

function brotli(bytes) {
  return zlib.brotliCompressSync(bytes, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  }).length;
}

// Hashed names: a file's measure never changes, and quality-11 brotli of the entry takes seconds on a loaded machine.
const measured = new Map();
function measure(file) {
  const bytes = fs.readFileSync(path.join(dist, file));
  const key = `${file}:${bytes.length}`;
  if (!measured.has(key)) measured.set(key, { file, raw: bytes.length, brotli: brotli(bytes), gzip: zlib.gzipSync(bytes, { level: 9 }).length });
  return measured.get(key);
}

function readBuild() {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error(`No build manifest at ${manifestPath}: run \`npm run build\` first`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  return { manifest, html };
}

/** The files of Home's first load: what index.html loads or preloads, and their static imports. */
function initialFiles({ manifest, html }) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('no entry chunk in the manifest');
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const keys = new Set();
  const visit = (key) => {
    if (keys.has(key) || !manifest[key]) return;
    keys.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(entryKey);
  // Home's page is either part of the entry (decision 039) or a chunk of its own that index.html preloads.
  visit(HOME_PAGE_SOURCE);
  for (const key of Object.keys(manifest)) if (DEFAULT_LOCALE_SOURCE.test(key)) visit(key);
  for (const [, href] of html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="[^"]*?\/(assets\/[^"]+\.js)"/g)) {
    const key = byFile.get(href);
    if (!key) throw new Error(`index.html loads ${href}, which the manifest does not list`);
    visit(key);
  }
  return new Set([...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js')));
}

export function homeInitialJs() {
  const build = readBuild();
  const files = [...initialFiles(build)].map(measure).sort((a, b) => b.brotli - a.brotli);
  const totalBrotli = files.reduce((sum, f) => sum + f.brotli, 0);
  const totalGzip = files.reduce((sum, f) => sum + f.gzip, 0);
  return { files, totalBrotli, totalGzip, budgetKb: HOME_JS_TRANSFER_BUDGET_KB };
}

/**
 * Every script of the build that the first load does not fetch (route pages, features, other catalogues), each with
 * its limit: LAZY_CHUNK_BUDGET_KB, or its own from NAMED_LAZY_CHUNK_BUDGETS_KB.
 */
export function lazyChunks() {
  const build = readBuild();
  const initial = initialFiles(build);
  const sourceOf = new Map(Object.entries(build.manifest).map(([key, chunk]) => [chunk.file, key]));
  const files = [...new Set(Object.values(build.manifest).map((chunk) => chunk.file))]
    .filter((file) => file.endsWith('.js') && !initial.has(file))
    .map((file) => {
      const source = sourceOf.get(file) ?? file;
      return { ...measure(file), source, budgetKb: NAMED_LAZY_CHUNK_BUDGETS_KB[source] ?? LAZY_CHUNK_BUDGET_KB };
    })
    .sort((a, b) => b.brotli - a.brotli);
  return { files, budgetKb: LAZY_CHUNK_BUDGET_KB };
}
