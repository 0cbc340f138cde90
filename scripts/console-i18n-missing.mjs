#!/usr/bin/env node
// The operator console's language files against English, the source of the keys (decision 085): per language, the
// keys en.ts has and the file lacks (with the English string to translate), and keys the file has that en.ts no longer
// has. Helpers add keys to en.ts and zh-tw.ts only, so after a merge this lists what the other languages need; the
// type check and `console/i18n.test.ts` fail until it prints nothing. Exit code 1 while anything is listed.
//
//   node scripts/console-i18n-missing.mjs          # readable list
//   node scripts/console-i18n-missing.mjs --json   # { "<language>": { "missing": {key: english}, "extra": [key] } }
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const localesDir = new URL('../apps/web/src/console/locales/', import.meta.url);

/** The one exported catalogue object of a language file (each exports exactly one). */
async function catalogue(file) {
  const module = await tsImport(fileURLToPath(new URL(file, localesDir)), import.meta.url);
  const objects = Object.values(module).filter((value) => typeof value === 'object' && value !== null);
  if (objects.length !== 1) throw new Error(`${file}: expected one exported catalogue, found ${objects.length}`);
  return objects[0];
}

const en = await catalogue('en.ts');
const files = readdirSync(localesDir)
  .filter((file) => file.endsWith('.ts') && file !== 'en.ts' && !file.endsWith('.test.ts'))
  .sort();

const report = {};
for (const file of files) {
  const strings = await catalogue(file);
  const missing = Object.fromEntries(Object.entries(en).filter(([key]) => !Object.hasOwn(strings, key)));
  const extra = Object.keys(strings).filter((key) => !Object.hasOwn(en, key));
  report[file.replace(/\.ts$/, '')] = { missing, extra };
}

const gaps = Object.values(report).some(({ missing, extra }) => Object.keys(missing).length > 0 || extra.length > 0);
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(report, null, 2));
} else {
  for (const [language, { missing, extra }] of Object.entries(report)) {
    const count = Object.keys(missing).length;
    console.log(`${language}: ${count === 0 ? 'no key missing' : `${count} missing`}${extra.length ? `, ${extra.length} not in en.ts` : ''}`);
    for (const [key, english] of Object.entries(missing)) console.log(`  ${JSON.stringify(key)}: ${JSON.stringify(english)}`);
    for (const key of extra) console.log(`  not in en.ts: ${JSON.stringify(key)}`);
  }
}
process.exitCode = gaps ? 1 : 0;
