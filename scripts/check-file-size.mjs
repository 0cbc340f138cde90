// `npm run check:size`: no source file over 500 lines (issue 24). A file that long holds more than one room; split it
// by what it does. Locale tables (a `locales/` folder: one string per key, their length is the product's vocabulary)
// and generated migrations are left out. Decision 110.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export const MAX_LINES = 500;
const SOURCE = /\.(ts|tsx|mts|mjs|js|css)$/;
const EXEMPT = [/(^|\/)locales\//, /^apps\/server\/drizzle\//];

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => SOURCE.test(file) && !EXEMPT.some((rule) => rule.test(file)) && fs.existsSync(file));

const long = files
  .map((file) => ({ file, lines: fs.readFileSync(file, 'utf8').split('\n').length - 1 }))
  .filter((entry) => entry.lines > MAX_LINES)
  .sort((a, b) => b.lines - a.lines);

for (const { file, lines } of long) console.log(`${file}: ${lines} lines (at most ${MAX_LINES})`);
console.log(`size: ${files.length} source files, ${long.length} over ${MAX_LINES} lines`);
process.exit(long.length > 0 ? 1 : 0);
