// Measures the JavaScript a first visit to the home page downloads: the entry chunk, every chunk it
// imports statically, the lazily loaded home page chunk and the default language's catalogue, each
// gzipped as a server would send it. Read from Vite's build manifest, so it counts what ships.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const BUDGET_KB = 170;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const HOME_PAGE_SOURCE = 'src/app/routes/home.tsx';
const DEFAULT_LOCALE_SOURCE = /i18n\/locales\/zh-tw\.json$/;

export function homeInitialJs() {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error(`No build manifest at ${manifestPath}: run \`npm run build\` first`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('no entry chunk in the manifest');
  if (!manifest[HOME_PAGE_SOURCE]) throw new Error(`the home page ${HOME_PAGE_SOURCE} is not a chunk of the build`);

  const keys = new Set();
  const visit = (key) => {
    if (keys.has(key) || !manifest[key]) return;
    keys.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(entryKey);
  visit(HOME_PAGE_SOURCE);
  for (const key of Object.keys(manifest)) if (DEFAULT_LOCALE_SOURCE.test(key)) visit(key);

  const files = [...keys]
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const bytes = fs.readFileSync(path.join(dist, file));
      return { file, raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const totalGzip = files.reduce((sum, f) => sum + f.gzip, 0);
  return { files, totalGzip, budgetKb: BUDGET_KB };
}
