// `npm run check:docs` (a step of `npm test`): the documents say what the code is (decision 104).
// - docs/architecture.md's table of rooms has one row per server module, web feature and console folder, and no row
//   for a folder that is gone;
// - every path it names in backticks exists;
// - every decision record cited anywhere ("decision 093", "decisions 050, 051", "(092)") exists, and every record has
//   its date and status lines.
// Prints each problem and exits 1 when there is one.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');
const problems = [];

/** The rooms: every folder that is a business area on either side (the console is one room of the web app). */
const ROOM_FOLDERS = [
  { prefix: 'modules/', dir: 'apps/server/src/modules' },
  { prefix: 'features/', dir: 'apps/web/src/features' },
];

const architecture = read('docs/architecture.md');

// Rows of the room tables: `| `modules/ledger` | … |`.
const rows = new Set([...architecture.matchAll(/^\|\s*`((?:modules|features)\/[\w-]+)`/gm)].map((m) => m[1]));
if (!/^\|\s*`console\/`/m.test(architecture)) problems.push('docs/architecture.md has no row for the console (`console/`)');
for (const { prefix, dir } of ROOM_FOLDERS) {
  const folders = fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${prefix}${entry.name}`);
  for (const folder of folders) if (!rows.has(folder)) problems.push(`docs/architecture.md has no row for ${dir}/${folder.slice(prefix.length)}`);
  for (const row of rows) {
    if (row.startsWith(prefix) && !folders.includes(row)) problems.push(`docs/architecture.md has a row for ${row}, which is not a folder of ${dir}`);
  }
}

// Paths in backticks: `apps/server/src/app.ts`, `modules/ledger/ledger.service.ts`, `components/ui/`.
const SEARCH_ROOTS = [
  '',
  'apps/server/src',
  'apps/server/src/modules',
  'apps/server',
  'apps/web/src',
  'apps/web/src/features',
  'apps/web/src/console',
  'apps/web',
  'packages/contract/src',
  'packages/contract',
  'e2e',
  'docs',
];
const tracked = new Set(execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean));
const trackedDirs = new Set();
for (const file of tracked) for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir)) trackedDirs.add(dir);
const exists = (candidate) => tracked.has(candidate) || trackedDirs.has(candidate.replace(/\/$/, ''));
/** Where a row's own paths may start: the folder its first cell names, as in `| `features/auth` | `model/sign-in.ts` … |`. */
const bases = (line) => {
  const first = line.match(/^\|\s*`([^`]+)`/)?.[1]?.replace(/\{.*$/, '');
  if (!first) return [];
  const folder = first.endsWith('/') ? first.slice(0, -1) : /\.[a-z]+$/.test(first) ? path.posix.dirname(first) : first;
  // …and its parent: a console page's row names the console's `components/`.
  return [folder, path.posix.dirname(folder)].flatMap((dir) => SEARCH_ROOTS.map((base) => (base ? `${base}/${dir}` : dir)));
};
for (const line of architecture.split('\n'))
  for (const [, token] of line.matchAll(/`([^`\s]+)`/g)) {
    const candidate = token.replace(/[),.;:]+$/, '');
    // A path is something with a folder and either a file ending or a closing slash; globs and routes are not paths.
    if (!/^[\w.@-]+(\/[\w.@[\]-]+)+\/?$/.test(candidate) || candidate.includes('*')) continue;
    // Build output and run-time files are not in the repository.
    if (/^(api|dist|\.vite|[A-Z_]+)\//.test(candidate)) continue;
    if (
      !/\.[a-z]{1,5}$/.test(candidate) &&
      !candidate.endsWith('/') &&
      !/^(modules|features|console|components|lib|plugins|infra|core|db|test)\//.test(candidate)
    )
      continue;
    const places = [...SEARCH_ROOTS, ...bases(line)];
    if (!places.some((base) => exists(base ? `${base}/${candidate}` : candidate)))
      problems.push(`docs/architecture.md names \`${candidate}\`, which does not exist`);
  }

// Decision records: cited ones exist; every record is dated and has a status.
const records = new Map();
for (const file of fs.readdirSync(path.join(root, 'docs/decisions'))) {
  const number = file.match(/^(\d{3})-.+\.md$/)?.[1];
  if (!number) continue;
  records.set(number, file);
  const text = read(`docs/decisions/${file}`);
  if (!/^- Date: \d{4}-\d{2}-\d{2}/m.test(text)) problems.push(`docs/decisions/${file} has no "- Date:" line`);
  if (!/^- Status: \S/m.test(text)) problems.push(`docs/decisions/${file} has no "- Status:" line`);
}
const citing = [...tracked].filter(
  (file) => /\.(ts|tsx|mjs|js|md|css)$/.test(file) && !file.startsWith('apps/server/drizzle/') && file !== 'package-lock.json',
);
for (const file of citing) {
  const text = read(file);
  for (const [, list] of text.matchAll(/\b[Dd]ecisions? ((?:\d{3}(?:\s*(?:,|and|–|-|&)\s*)?)+)/g)) {
    for (const number of list.match(/\d{3}/g)) if (!records.has(number)) problems.push(`${file} cites decision ${number}, which was never written`);
  }
}

if (problems.length > 0) {
  console.error(`check-docs: ${problems.length} problem(s)`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(`check-docs: ${rows.size} rooms match their folders; ${records.size} decision records, every citation found`);
