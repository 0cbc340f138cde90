// A file is a room (style guide habit 18): no tracked source file over 500 lines, outside locale tables and
// generated migrations. Exits 1 listing every offender, so `npm test` can fail on it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const LIMIT = 500;
const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|mjs|js)$/.test(file))
  .filter((file) => !/(^|\/)(drizzle|locales)\//.test(file));

const over = [];
for (const file of files) {
  const lines = readFileSync(file, 'utf8').split('\n').length - 1;
  if (lines > LIMIT) over.push({ file, lines });
}

if (over.length > 0) {
  over.sort((a, b) => b.lines - a.lines);
  for (const { file, lines } of over) console.error(`${lines}\t${file}`);
  console.error(`\n${over.length} source file(s) over ${LIMIT} lines; split them into rooms (style guide habit 18; issue 24).`);
  process.exit(1);
}
console.log(`check-file-size: ${files.length} source files, none over ${LIMIT} lines`);
