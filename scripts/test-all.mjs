// `npm test`: everything CI runs, in one command — typecheck, lint, format check, build, unit + API integration
// tests (Vitest), the built server's smoke on Node 22 and 24, browser tests (Playwright). Every step runs even
// when an earlier one fails, so one run shows all problems. Each step's line ends with its time, a table of the
// steps' times closes the log (decision 099), and the last line sums all suites as `N passed, N failed`.
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

const ciStarted = Date.now();
/** Every step as it ended: its title, wall time, result and what ran beside it, for the closing table. */
const steps = [];
const seconds = (ms) => (ms / 1000).toFixed(1);
/** Minutes and seconds since CI started: when each step began and ended, so overlaps can be read off the log. */
const clock = (at) => {
  const s = Math.round((at - ciStarted) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

function ended(title, started, ok, status, beside = '') {
  const at = Date.now();
  steps.push({ title, started, at, ok, beside });
  console.log(`=== ${title}: ${ok ? 'ok' : `FAILED (exit ${status})`} in ${seconds(at - started)} s (${clock(started)} → ${clock(at)})`);
}

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title}: ${command} ${args.join(' ')} (from ${clock(Date.now())})`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  ended(title, started, ok, result.status);
  return ok;
}

/**
 * `run`, in the background beside the steps that follow: resolves to whether it passed; its output is printed in
 * one piece when it ends, so it never interleaves with theirs.
 */
function runBeside(title, command, args, beside) {
  const started = Date.now();
  console.log(`\n=== ${title}: ${command} ${args.join(' ')} (from ${clock(started)}, beside ${beside}; its output follows when it ends)`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', () => resolve(false));
    child.on('close', (status) => {
      const ok = status === 0;
      console.log(`\n=== ${title}: ${command} ${args.join(' ')} (beside ${beside})`);
      process.stdout.write(Buffer.concat(chunks));
      ended(title, started, ok, status, beside);
      resolve(ok);
    });
  });
}

/** The closing table: each step's wall time, when it ran, and the whole run's. */
function printStepTimes() {
  const width = Math.max(...steps.map((s) => s.title.length), 'total'.length);
  console.log('\nStep times (wall clock; a step run beside others shares the two cores with them):');
  for (const step of [...steps].sort((a, b) => a.started - b.started)) {
    const when = `${clock(step.started)} → ${clock(step.at)}`;
    const line = `  ${step.title.padEnd(width)}  ${seconds(step.at - step.started).padStart(7)} s  ${when.padEnd(13)}  ${step.ok ? 'ok    ' : 'FAILED'}${step.beside ? `  beside ${step.beside}` : ''}`;
    console.log(line.trimEnd());
  }
  console.log(`  ${'total'.padEnd(width)}  ${seconds(Date.now() - ciStarted).padStart(7)} s`);
}

/** The tests Playwright's JSON report marks flaky, as "file › title", from its nested suites. */
function flakyTests(report) {
  const names = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests?.some((t) => t.status === 'flaky')) names.push(`${spec.file ?? file} › ${spec.title}`);
    }
    for (const child of suite.suites ?? []) walk(child, child.file ?? file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return names;
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

/**
 * Adds a Vitest run's JSON report to the totals: a skipped or todo test counts as failed (none may be left), a run
 * that failed with no failed test (a suite that did not load) counts once, and a missing report counts once.
 * Returns the report, or null.
 */
function countVitest(file, ok) {
  const report = readJson(file);
  if (!report) {
    totals.failed++;
    return null;
  }
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests + (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  if (!ok && report.numFailedTests === 0) totals.failed++;
  return report;
}

// tsc and eslint each keep one core busy: the type check runs beside lint and the format check, its output held
// back and printed when it ends, so the two cores share the first minutes of CI.
const typecheck = runBeside('typecheck', 'npm', ['run', '--silent', 'typecheck'], 'lint and format');
count(run('lint', 'npx', ['eslint', '--max-warnings=0', '.']));
count(run('format', 'npx', ['prettier', '--check', '.']));
// The documents against the code: architecture.md's rooms and paths, every cited decision record (decision 104).
count(run('docs', 'node', ['scripts/check-docs.mjs']));
// The import graph at the level of modules: no loop among server modules, web features and the console (decision 107).
count(run('modules', 'node', ['scripts/check-module-graph.mjs']));
// No source file over 500 lines outside locale tables and migrations (decision 110).
count(run('size', 'node', ['scripts/check-file-size.mjs']));
count(await typecheck);
const built = run('build', 'npm', ['run', '--silent', 'build']);
count(built);

// The built server on Node 22 and 24 (decisions 038, 099): a smoke of what differs between runtimes. It mostly waits
// on the server's start and answers, so it runs beside Vitest instead of after it.
const runtimesJson = path.join(reports, 'runtimes.json');
const runtimes = built
  ? runBeside('runtimes', 'node', ['--import', 'tsx', 'scripts/runtime-compat.mjs', `--report=${runtimesJson}`], 'vitest')
  : Promise.resolve(false);

// Vitest: unit and integration tests of every workspace (Postgres too when TEST_DATABASE_URL is set).
const vitestJson = path.join(reports, 'vitest.json');
const vitestOk = run('vitest', 'npx', [
  'vitest',
  'run',
  ...['contract', 'server', 'web', 'deploy'].flatMap((project) => ['--project', project]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const vitest = countVitest(vitestJson, vitestOk);

// The cluster under faults (decision 128): alone, after the other suites, since it keeps both cores busy.
const faultsJson = path.join(reports, 'faults.json');
const faultsOk = built
  ? run('cluster faults', 'npx', ['vitest', 'run', '--project', 'faults', '--reporter=default', '--reporter=json', `--outputFile.json=${faultsJson}`])
  : false;
if (!built) console.log('\n=== cluster faults: skipped because the build failed');
countVitest(faultsJson, faultsOk);

const runtimesOk = await runtimes;
const runtimeChecks = readJson(runtimesJson);
if (!built) console.log('\n=== runtimes: skipped because the build failed');
totals.passed += runtimeChecks?.passed ?? 0;
totals.failed += runtimeChecks ? runtimeChecks.failed + (!runtimesOk && runtimeChecks.failed === 0 ? 1 : 0) : 1;

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
    totals.passed += pw.stats.expected + pw.stats.flaky;
    totals.failed += pw.stats.unexpected + pw.stats.skipped;
    // A test that failed and then passed on its retry (CI only): named, so the note reports it and it gets fixed.
    const flaky = flakyTests(pw);
    if (flaky.length) console.log(`\n${flaky.length} flaky (failed, then passed on the retry):\n${flaky.map((t) => `  ${t}`).join('\n')}`);
    if (!ok && pw.stats.unexpected === 0) totals.failed++;
  } else {
    totals.failed++;
  }
}

printStepTimes();
console.log(
  `\nSuites: typecheck, lint, format, build, vitest${vitest ? ` (${vitest.numTotalTests} tests)` : ''}, cluster faults, runtimes (Node 22, 24${runtimeChecks ? `: ${runtimeChecks.passed + runtimeChecks.failed} checks` : ''}), playwright`,
);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
