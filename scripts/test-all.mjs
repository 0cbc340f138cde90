// `npm test`: everything CI runs, in one command — typecheck, lint, format check, build, unit + API integration
// tests (Vitest), bundle budget, a subset again on Node 22 and 24, browser tests (Playwright). Every step runs even
// when an earlier one fails, so one run shows all problems; the last line sums all suites as `N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';

// Every test means the PostgreSQL and Redis suites too: by default against the machine's own services
// on their standard ports (as CI has them); TEST_DATABASE_URL and REDIS_URL point elsewhere.
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
process.env.REDIS_URL ??= 'redis://127.0.0.1:6379';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const reports = path.join(root, '.reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  console.log(`=== ${title}: ${ok ? 'ok' : `FAILED (exit ${result.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return ok;
}

/** `run`, in the background: resolves to whether it passed; its output is printed in one piece when it ends. */
function runBeside(title, command, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', () => resolve(false));
    child.on('close', (status) => {
      const ok = status === 0;
      console.log(`\n=== ${title}: ${command} ${args.join(' ')} (beside the steps above)`);
      process.stdout.write(Buffer.concat(chunks));
      console.log(`=== ${title}: ${ok ? 'ok' : `FAILED (exit ${status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve(ok);
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

if (!fs.existsSync(path.join(root, 'node_modules'))) {
  if (!run('install', 'npm', ['ci'])) process.exit(1);
}

const totals = { passed: 0, failed: 0 };
const count = (ok) => (ok ? totals.passed++ : totals.failed++);

// tsc and eslint each keep one core busy: the type check runs beside lint and the format check, its output held
// back and printed when it ends, so the two cores share the first minutes of CI.
const typecheck = runBeside('typecheck', 'npm', ['run', '--silent', 'typecheck']);
count(run('lint', 'npx', ['eslint', '--max-warnings=0', '.']));
count(run('format', 'npx', ['prettier', '--check', '.']));
count(await typecheck);
const built = run('build', 'npm', ['run', '--silent', 'build']);
count(built);

// Vitest: unit and integration tests of every workspace (Postgres too when TEST_DATABASE_URL is set).
const vitestJson = path.join(reports, 'vitest.json');
const vitestOk = run('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
const vitest = readJson(vitestJson);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests + (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  // A suite that failed to load has no failed tests but did fail.
  if (!vitestOk && vitest.numFailedTests === 0) totals.failed++;
} else {
  totals.failed++;
}

// Node 22 and 24 beside this Node: the build served on PGlite, and a subset of the Vitest suites (decision 038).
const runtimesJson = path.join(reports, 'runtimes.json');
const runtimesOk = run('runtimes', 'node', ['scripts/runtime-compat.mjs', `--report=${runtimesJson}`]);
const runtimes = readJson(runtimesJson);
totals.passed += runtimes?.passed ?? 0;
totals.failed += runtimes ? runtimes.failed + (!runtimesOk && runtimes.failed === 0 ? 1 : 0) : 1;

// Playwright against the built app and a real server.
const playwrightJson = path.join(reports, 'playwright.json');
if (!built) {
  console.log('\n=== playwright: skipped because the build failed');
  totals.failed++;
} else if (!ensureChromium()) {
  totals.failed++;
} else {
  const ok = run('playwright', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
  });
  const pw = readJson(playwrightJson);
  if (pw?.stats) {
    totals.passed += pw.stats.expected;
    totals.failed += pw.stats.unexpected + pw.stats.flaky + pw.stats.skipped;
    if (!ok && pw.stats.unexpected === 0) totals.failed++;
  } else {
    totals.failed++;
  }
}

console.log(`\nSuites: typecheck, lint, format, build, vitest${vitest ? ` (${vitest.numTotalTests} tests)` : ''}, runtimes (Node 22, 24), playwright`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
