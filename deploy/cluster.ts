/**
 * Reef as a cluster on one machine (issue 27, decision 123): nginx (Debian's package) in front of several server
 * processes on one PostgreSQL and one Redis — the scale-out recipe of deploy/README.md, run where a newcomer can watch
 * it work. `npm run cluster` starts it and keeps it up until Ctrl-C; `startCluster` is the same for tests.
 *
 * - Each node is `node apps/server/dist/server.js` (the built server, as deployed) on its own loopback port, with the
 *   environment of the caller (its ADMIN_ADDRESSES, secrets…) plus PORT, HOST, DATABASE_URL, REDIS_URL, the proxy's
 *   origin as PUBLIC_ORIGINS and TRUST_PROXY=127.0.0.1: only the proxy's `X-Forwarded-For` is believed.
 * - nginx balances by least connections, upgrades WebSockets, passes the client's address and retries another node
 *   only where a retry cannot repeat a write (a refused connection, or an idempotent method's 502/503/504).
 * - Open-source nginx checks upstreams only passively, so this process checks them actively: every second it asks each
 *   node's `/readyz` (database and Redis answer) and, when the set of ready nodes changes, rewrites the upstream block
 *   with the others marked `down` and reloads nginx (a reload keeps open connections).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { message } from '../apps/server/src/i18n/messages.js';
import { freePort } from '../scripts/free-port.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/server.js');
const WEB_INDEX = path.join(ROOT, 'apps/web/dist/index.html');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;
const HEALTH_INTERVAL_MS = 1_000;
const LOG_LINES = 80;

export interface ClusterOptions {
  /** Server processes behind the proxy (3). */
  nodes?: number;
  /** The proxy's port on 127.0.0.1 (a free one when not given). */
  port?: number;
  /** PostgreSQL every node shares (the machine's `reef_cluster` database when not given). */
  databaseUrl: string;
  /** Redis every node shares (socket fan-out, rate limits, sessions' revocations). */
  redisUrl: string;
  /** Settings on top of the inherited environment, for every node. */
  env?: Record<string, string>;
  /** Where the proxy's configuration, pid and logs go (a fresh temporary directory when not given). */
  workDir?: string;
  /** Copies each node's and the checker's lines to stderr. */
  echo?: boolean;
}

export interface ClusterNode {
  index: number;
  port: number;
  origin: string;
  /** Whether the process is running now. */
  running(): boolean;
  /** The process id of its current run (a restart gives a new one), or null before the first start. */
  pid(): number | null;
  /** The last lines it wrote. */
  log(): string;
  /** Sends a signal (SIGKILL: the node dies mid-request, as a crash). Resolves when it exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port and waits until it answers. */
  start(): Promise<void>;
}

export interface Cluster {
  /** The proxy: where browsers and clients go. */
  origin: string;
  nodes: ClusterNode[];
  /** The nodes nginx sends requests to now (ready at the last check). */
  inRotation(): number[];
  /** How many times the upstream set changed (a reload of nginx each). */
  reloads(): number;
  stop(): Promise<void>;
}

/** Installs Debian's nginx when it is missing and this process may (root with apt-get), like the browser tests' Chromium. */
export function ensureNginx(): void {
  if (fs.existsSync(NGINX)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !fs.existsSync('/usr/bin/apt-get')) {
    throw new Error(`nginx was not found at ${NGINX}: apt-get install -y nginx (or set NGINX_PATH)`);
  }
  console.log('Installing Debian nginx for the cluster (apt-get)…');
  execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx'], {
    stdio: 'inherit',
  });
  // Debian's package starts its own nginx on port 80; the cluster runs its own instance and needs none.
  try {
    execFileSync('sh', ['-c', 'service nginx stop || true'], { stdio: 'ignore' });
  } catch {
    // no service manager here: nothing was started
  }
}

/**
 * When the proxy itself cannot reach a node (all down, or the one it tried died mid-request) it answers as a node
 * does: 503 with the envelope and SERVICE_UNAVAILABLE, its message in the caller's first language (decision 128).
 * The same text is in deploy/nginx/compose.conf (compose.test.ts compares them).
 */
export function proxyUnavailableConfig(): { map: string; location: string } {
  const quoted = (language: Parameters<typeof message>[0]) => `'${message(language, 'SERVICE_UNAVAILABLE')}'`;
  const map = `map $http_accept_language $reef_unavailable {
  default ${quoted('zh-tw')};
  ~*^zh-(cn|sg|hans) ${quoted('zh-cn')};
  ~*^zh ${quoted('zh-tw')};
  ~*^en ${quoted('en-us')};
  ~*^pt ${quoted('pt-br')};
  ~*^de ${quoted('de-de')};
  ~*^ru ${quoted('ru-ru')};
}`;
  const location = `location @unavailable {
  default_type application/json;
  add_header Retry-After 1 always;
  add_header Cache-Control no-store always;
  return 503 '{"status":503,"msg":"$reef_unavailable","data":{"code":"SERVICE_UNAVAILABLE"}}';
}`;
  return { map, location };
}

const indent = (text: string, spaces: number) => text.replace(/^/gm, ' '.repeat(spaces));

/** The proxy's configuration: `down` marks the nodes the health check found not ready. */
export function nginxConfig(options: { dir: string; port: number; nodePorts: number[]; down: ReadonlySet<number>; runAsRoot: boolean }): string {
  const { dir, port, nodePorts, down, runAsRoot } = options;
  const unavailable = proxyUnavailableConfig();
  const servers = nodePorts.map((p, i) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s${down.has(i) ? ' down' : ''};`).join('\n');
  return `# Written by deploy/cluster.ts; each health change rewrites it and reloads nginx.
${runAsRoot ? 'user root;\n' : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # Uploads (avatars, chat pictures, vouchers) are at most 10 MB (UPLOAD_MAX_BYTES); the rest is headroom.
  client_max_body_size 12m;

  upstream reef {
    least_conn;
${servers}
    keepalive 64;
  }

  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }

${indent(unavailable.map, 2)}

  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://reef;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      # Another node only when the request cannot have been applied: a refused connection, or a 502/504 to a method
      # nginx treats as idempotent (it never retries a POST that reached a node: money moves are POSTs). A node's 503
      # is its own answer (shutting down, or the database is away): passed on, it does not count the node as failed.
      proxy_next_upstream error timeout http_502 http_504;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
      # Chat sockets stay open; a quiet one is pinged by the server well within this.
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
      error_page 502 504 = @unavailable;
    }
${indent(unavailable.location, 4)}
  }
}
`;
}

interface NodeProcess {
  child: ChildProcess | null;
  lines: string[];
}

function spawnNode(index: number, port: number, env: NodeJS.ProcessEnv, state: NodeProcess, echo: boolean): void {
  state.child = spawn(process.execPath, [SERVER_ENTRY], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, PORT: String(port) } });
  for (const stream of [state.child.stdout, state.child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      for (const line of chunk.split('\n').filter(Boolean)) {
        state.lines.push(line);
        if (echo) process.stderr.write(`[node ${index + 1}] ${line}\n`);
      }
      if (state.lines.length > LOG_LINES) state.lines.splice(0, state.lines.length - LOG_LINES);
    });
  }
}

async function ready(origin: string): Promise<boolean> {
  try {
    const response = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(1_500) });
    return response.ok;
  } catch {
    return false;
  }
}

async function waitReady(origin: string, child: ChildProcess | null, log: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!child || child.exitCode !== null || child.signalCode !== null) throw new Error(`the node on ${origin} exited:\n${log()}`);
    if (await ready(origin)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the node on ${origin} was not ready within ${READY_TIMEOUT_MS} ms:\n${log()}`);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts the nodes (one after the other: the first runs the migrations under their lock), then nginx and the checker. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!fs.existsSync(SERVER_ENTRY) || !fs.existsSync(WEB_INDEX)) throw new Error('no build: run `npm run build` first');
  ensureNginx();
  const count = options.nodes ?? 3;
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const dir = options.workDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'reef-cluster-'));
  fs.mkdirSync(dir, { recursive: true });
  const echo = options.echo ?? false;
  const nodePorts: number[] = [];
  for (let i = 0; i < count; i++) nodePorts.push(await freePort());

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    PUBLIC_ORIGINS: `${origin},http://localhost:${port}`,
    TRUST_PROXY: '127.0.0.1',
    // Uploads: one directory every node of this machine shares (nodes on several hosts need shared storage for it).
    DATA_DIR: path.join(dir, 'data'),
    ...options.env,
  };
  const states: NodeProcess[] = nodePorts.map(() => ({ child: null, lines: [] }));
  const nodes: ClusterNode[] = nodePorts.map((nodePort, index) => {
    const state = states[index]!;
    const nodeOrigin = `http://127.0.0.1:${nodePort}`;
    const log = () => state.lines.join('\n');
    return {
      index,
      port: nodePort,
      origin: nodeOrigin,
      running: () => state.child !== null && state.child.exitCode === null && state.child.signalCode === null,
      pid: () => state.child?.pid ?? null,
      log,
      async kill(signal: NodeJS.Signals = 'SIGTERM') {
        const child = state.child;
        if (!child) return;
        child.kill(signal);
        await exited(child);
      },
      async start() {
        spawnNode(index, nodePort, env, state, echo);
        await waitReady(nodeOrigin, state.child, log);
      },
    };
  });

  const runAsRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const configFile = path.join(dir, 'nginx.conf');
  let down = new Set<number>();
  const writeConfig = () => fs.writeFileSync(configFile, nginxConfig({ dir, port, nodePorts, down, runAsRoot }));
  const nginx = (...args: string[]) => execFileSync(NGINX, ['-p', dir, '-c', configFile, ...args], { stdio: 'pipe' });

  let proxy: ChildProcess | null = null;
  let checker: NodeJS.Timeout | null = null;
  let reloadCount = 0;
  const stop = async () => {
    if (checker) clearInterval(checker);
    checker = null;
    if (proxy && proxy.exitCode === null) {
      proxy.kill('SIGQUIT');
      await Promise.race([exited(proxy), new Promise((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS))]);
      if (proxy.exitCode === null) proxy.kill('SIGKILL');
    }
    await Promise.all(
      states.map(async (state) => {
        const child = state.child;
        if (!child || child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited(child);
        clearTimeout(timer);
      }),
    );
  };

  try {
    for (const node of nodes) await node.start();
    writeConfig();
    nginx('-t', '-q');
    // In the foreground of its own process (daemon off), so it is this process's child and stops with it.
    proxy = spawn(NGINX, ['-p', dir, '-c', configFile, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    proxy.stderr?.setEncoding('utf8');
    proxy.stderr?.on('data', (chunk: string) => echo && process.stderr.write(`[nginx] ${chunk}`));
    const proxyDeadline = Date.now() + READY_TIMEOUT_MS;
    while (!(await ready(origin))) {
      if (proxy.exitCode !== null) throw new Error(`nginx exited: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
      if (Date.now() > proxyDeadline) throw new Error('nginx did not answer');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }

  // The active health check: a node whose /readyz fails leaves the rotation until it answers again.
  let checking = false;
  checker = setInterval(() => {
    if (checking) return;
    checking = true;
    void Promise.all(nodes.map((node) => ready(node.origin)))
      .then((answers) => {
        const next = new Set(answers.flatMap((ok, i) => (ok ? [] : [i])));
        // Never all down: nginx refuses an upstream with every server down, and a request should then meet a node's own
        // error (503 with the envelope) rather than the proxy's.
        if (next.size === nodes.length) return;
        if (next.size === down.size && [...next].every((i) => down.has(i))) return;
        down = next;
        writeConfig();
        nginx('-s', 'reload');
        reloadCount += 1;
        if (echo)
          process.stderr.write(
            `[health] in rotation: ${nodes
              .filter((n) => !down.has(n.index))
              .map((n) => n.index + 1)
              .join(', ')}\n`,
          );
      })
      .catch((error: unknown) => echo && process.stderr.write(`[health] ${String(error)}\n`))
      .finally(() => {
        checking = false;
      });
  }, HEALTH_INTERVAL_MS);

  return {
    origin,
    nodes,
    inRotation: () => nodes.filter((n) => !down.has(n.index)).map((n) => n.index),
    reloads: () => reloadCount,
    stop,
  };
}

/** `npm run cluster`: the machine's PostgreSQL and Redis unless DATABASE_URL / REDIS_URL say otherwise. */
async function main(): Promise<void> {
  const nodes = Number(process.env.CLUSTER_NODES ?? 3);
  const port = process.env.CLUSTER_PORT ? Number(process.env.CLUSTER_PORT) : 8080;
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/reef_cluster';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (!process.env.DATABASE_URL) createDatabaseIfMissing(databaseUrl);
  const workDir = path.join(ROOT, '.cluster');
  const cluster = await startCluster({ nodes, port, databaseUrl, redisUrl, workDir, echo: process.env.CLUSTER_QUIET !== '1' });
  console.log(`\nReef cluster: ${cluster.origin}/index/ — nginx in front of ${nodes} nodes (${cluster.nodes.map((n) => n.origin).join(', ')})`);
  console.log(`Database ${new URL(databaseUrl).pathname.slice(1)}, Redis ${redisUrl}. Ctrl-C stops it.\n`);
  const shutdown = () => {
    void cluster.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

/** The default database on the machine's PostgreSQL, created on first use (psql, as the machine's superuser). */
function createDatabaseIfMissing(url: string): void {
  const name = new URL(url).pathname.slice(1);
  const server = new URL(url);
  server.pathname = '/postgres';
  const exists = execFileSync('psql', [server.toString(), '-tAc', `select 1 from pg_database where datname = '${name}'`], { encoding: 'utf8' }).trim();
  if (exists !== '1') execFileSync('psql', [server.toString(), '-c', `create database ${name}`], { stdio: 'inherit' });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
