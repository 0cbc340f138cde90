/**
 * Builds Reef's image (deploy/Containerfile) with podman and runs it (issue 27, decision 123): `npm run image:check`.
 *
 * - The base: Node's official image when a container registry answers; otherwise (this project's machines reach only
 *   the npm registry and Debian's mirror) a stand-in that deploy/base-image.sh makes from Debian's packages and the
 *   machine's Node 20, passed as `--build-arg NODE_IMAGE=…`.
 * - The runtime: podman's defaults when a container starts with them; otherwise runc with the caller's own limits.
 *   The sandboxes here have cgroup v1 with a cgroup v2 hierarchy beside it, which crun refuses ("cgroups in hybrid
 *   mode not supported"), and no CAP_SYS_RESOURCE, so podman's default open-file and process limits cannot be set.
 * - The run: the image on a scratch PostgreSQL database and the machine's Redis (TEST_DATABASE_URL or
 *   postgres://postgres@127.0.0.1:5432/postgres, REDIS_URL or redis://127.0.0.1:6379), host network. It checks
 *   `/readyz`, the web app at `/index/`, a wallet sign-in, the non-root user, the image's own health check, and a
 *   graceful stop; prints the build time, the image size and `N passed, N failed`; removes the container and the
 *   database. The image stays (`localhost/reef:check`), so the next build reuses its layers.
 *
 * Installs podman, runc and debootstrap with apt-get when podman is missing and this process may (root).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { callApi, createScratchDatabaseUrl, freePort, signInOverHttp } from '../apps/server/src/test/server-process.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PODMAN = process.env.PODMAN ?? 'podman';
const REGISTRY_BASE = 'docker.io/library/node:20-bookworm-slim';
const LOCAL_BASE = 'localhost/reef-node:20-bookworm';
const IMAGE = process.env.IMAGE_CHECK_TAG ?? 'localhost/reef:check';
const READY_TIMEOUT_MS = 120_000;
const PULL_TIMEOUT_MS = 120_000;

interface Result {
  status: number | null;
  out: string;
}

/** Runs a command; `echo` streams its output (a build), otherwise it is captured for the caller. */
function run(command: string, args: string[], options: { echo?: boolean; input?: string; timeoutMs?: number } = {}): Result {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    encoding: 'utf8',
    input: options.input,
    timeout: options.timeoutMs,
    stdio: options.echo ? ['ignore', 'inherit', 'inherit'] : ['pipe', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, out: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

function seconds(since: number): string {
  return ((Date.now() - since) / 1000).toFixed(1);
}

function ensurePodman(): void {
  if (run(PODMAN, ['--version']).status === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !fs.existsSync('/usr/bin/apt-get')) throw new Error(`${PODMAN} was not found: apt-get install -y podman runc debootstrap`);
  const started = Date.now();
  console.log('Installing Debian podman, runc and debootstrap (apt-get)…');
  execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc debootstrap'], {
    stdio: 'inherit',
  });
  console.log(`installed in ${seconds(started)} s`);
}

/** NODE_IMAGE when given; else Node's image if it can be had; else the Debian-built stand-in (made when missing). */
function baseImage(): string {
  const wanted = process.env.NODE_IMAGE;
  if (wanted) return wanted;
  if (run(PODMAN, ['image', 'exists', REGISTRY_BASE]).status === 0) return REGISTRY_BASE;
  const pull = run(PODMAN, ['pull', '--quiet', REGISTRY_BASE], { timeoutMs: PULL_TIMEOUT_MS });
  if (pull.status === 0) return REGISTRY_BASE;
  console.log(`${REGISTRY_BASE} cannot be pulled here (${pull.out.split('\n').at(-1)}); using ${LOCAL_BASE} from Debian's packages`);
  if (run(PODMAN, ['image', 'exists', LOCAL_BASE]).status !== 0) {
    const started = Date.now();
    const made = run(path.join(ROOT, 'deploy/base-image.sh'), [LOCAL_BASE], { echo: true });
    if (made.status !== 0) throw new Error('deploy/base-image.sh failed');
    console.log(`base image made in ${seconds(started)} s`);
  }
  return LOCAL_BASE;
}

/** The caller's hard limit of one resource (`ulimit -H<flag>`), capped at `cap`. */
function hardLimit(flag: string, cap: number): number {
  const value = run('bash', ['-c', `ulimit -H${flag}`]).out;
  return value === 'unlimited' ? cap : Math.min(Number(value), cap);
}

/**
 * What podman needs on this machine: nothing, or runc with limits the caller may set. A process limit above the
 * kernel's pid_max is refused by the runtime even when the caller's own limit is higher, hence the cap.
 */
function runtimeOptions(base: string): { global: string[]; limits: string[] } {
  const candidates: { global: string[]; limits: string[] }[] = [{ global: [], limits: [] }];
  const pidMax = Number(fs.readFileSync('/proc/sys/kernel/pid_max', 'utf8'));
  const files = hardLimit('n', 1_048_576);
  const processes = hardLimit('u', pidMax);
  candidates.push({ global: ['--runtime', 'runc'], limits: ['--ulimit', `nofile=${files}:${files}`, '--ulimit', `nproc=${processes}:${processes}`] });
  const failures: string[] = [];
  for (const candidate of candidates) {
    const probe = run(PODMAN, [...candidate.global, 'run', '--rm', '--network=host', ...candidate.limits, base, 'true']);
    if (probe.status === 0) return candidate;
    failures.push(`${[...candidate.global, ...candidate.limits].join(' ') || 'defaults'}: ${probe.out}`);
  }
  throw new Error(`no container starts here:\n${failures.join('\n')}`);
}

async function waitForReady(origin: string, container: string, options: { global: string[] }): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    try {
      if ((await fetch(`${origin}/readyz`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    const state = run(PODMAN, [...options.global, 'inspect', '--format', '{{.State.Running}}', container]).out;
    if (state !== 'true' || Date.now() > deadline) {
      const logs = run(PODMAN, [...options.global, 'logs', '--tail', '40', container]).out;
      throw new Error(`the container ${state === 'true' ? 'did not answer /readyz in time' : 'stopped'}:\n${logs}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function main(): Promise<number> {
  ensurePodman();
  const base = baseImage();
  const runtime = runtimeOptions(base);
  if (runtime.global.length > 0) console.log(`podman runs containers here with: ${[...runtime.global, ...runtime.limits].join(' ')}`);

  // Behind a TLS-intercepting proxy the build's npm needs the machine's CA bundle: a build secret, in no layer.
  const ca = process.env.NODE_EXTRA_CA_CERTS;
  const secret = ca && fs.existsSync(ca) ? ['--secret', `id=npm_ca,src=${ca}`] : [];
  const buildStarted = Date.now();
  const build = run(
    PODMAN,
    [
      ...runtime.global,
      'build',
      // Docker's format keeps HEALTHCHECK; the OCI format has no field for it and podman drops it with a warning.
      '--format',
      'docker',
      '--network=host',
      ...runtime.limits,
      '--build-arg',
      `NODE_IMAGE=${base}`,
      ...secret,
      '-f',
      'deploy/Containerfile',
      '-t',
      IMAGE,
      '.',
    ],
    { echo: true },
  );
  if (build.status !== 0) throw new Error('the image build failed (its output is above)');
  const buildSeconds = seconds(buildStarted);
  const size = Number(run(PODMAN, ['image', 'inspect', '--format', '{{.Size}}', IMAGE]).out);

  const checks: { name: string; ok: boolean; detail: string }[] = [];
  const check = (name: string, ok: boolean, detail = '') => {
    checks.push({ name, ok, detail });
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
  };

  const database = await createScratchDatabaseUrl(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'reef_image');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const container = `reef-image-check-${randomBytes(4).toString('hex')}`;
  const admin = privateKeyToAccount(generatePrivateKey());
  try {
    const env = {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      PUBLIC_ORIGINS: origin,
      ADMIN_ADDRESSES: admin.address,
      PAY_PASSWORD_PEPPER: randomBytes(32).toString('hex'),
      // A channel of its own: other servers on the same Redis must not hear this one's frames.
      REALTIME_CHANNEL: container,
      LOG_LEVEL: 'warn',
    };
    const started = Date.now();
    const runArgs = [...runtime.global, 'run', '-d', '--name', container, '--network=host', ...runtime.limits];
    for (const [key, value] of Object.entries(env)) runArgs.push('-e', `${key}=${value}`);
    const launched = run(PODMAN, [...runArgs, IMAGE]);
    if (launched.status !== 0) throw new Error(`podman run failed: ${launched.out}`);
    await waitForReady(origin, container, runtime);
    check('/readyz answers 200 (PostgreSQL migrated, Redis answering)', true, `${seconds(started)} s after podman run`);

    const page = await fetch(`${origin}/index/`);
    const html = await page.text();
    check('the web app is served at /index/', page.status === 200 && html.includes('<div id="root">'), `HTTP ${page.status}`);

    const user = await signInOverHttp(origin, admin);
    const info = await callApi(origin, 'GET', '/api/user/info', user.token);
    check('a wallet signs in (SIWE) and reads its account', info.status === 200 && info.data.uid === user.uid, `uid ${user.uid}`);

    const uid = run(PODMAN, [...runtime.global, 'exec', container, 'id', '-u']).out;
    check('the server runs as a non-root user', uid !== '' && uid !== '0', `uid ${uid}`);

    const health = run(PODMAN, [...runtime.global, 'healthcheck', 'run', container]);
    check('the image’s HEALTHCHECK passes', health.status === 0, health.out || 'healthy');

    const stopStarted = Date.now();
    run(PODMAN, [...runtime.global, 'stop', '--time', '15', container]);
    const exitCode = run(PODMAN, [...runtime.global, 'inspect', '--format', '{{.State.ExitCode}}', container]).out;
    check('SIGTERM stops it gracefully (exit 0)', exitCode === '0', `exit ${exitCode} after ${seconds(stopStarted)} s`);
  } finally {
    run(PODMAN, [...runtime.global, 'rm', '--force', container]);
    await database.drop();
  }

  console.log(`image ${IMAGE} on ${base}: built in ${buildSeconds} s, ${(size / 1e6).toFixed(0)} MB`);
  const failed = checks.filter((c) => !c.ok).length;
  console.log(`${checks.length - failed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
