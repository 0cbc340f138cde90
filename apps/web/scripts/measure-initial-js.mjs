// Home page initial JS, gzipped: the entry chunk, the home page chunk, and every chunk either
// imports statically (dist/.vite/manifest.json). Run after `vite build`.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
const HOME_PAGE = 'src/app/routes/home.tsx';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey || !manifest[HOME_PAGE]) throw new Error('entry or home page chunk missing from the manifest');

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entryKey);
visit(HOME_PAGE);

let total = 0;
for (const file of files) {
  const gz = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(2).padStart(8)} KB  ${file}`);
}
const kb = total / 1024;
console.log(`home page initial JS: ${kb.toFixed(2)} KB gzipped (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) process.exitCode = 1;
