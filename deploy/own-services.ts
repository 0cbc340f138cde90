/**
 * A PostgreSQL and a Redis of the cluster fault test's own (decision 128), so that stopping and restarting them
 * touches no other suite: the machine's services stay up while the test takes its own down. Both come from the
 * machine's Debian packages (postgresql, redis-server); PostgreSQL refuses to run as root, so as root it runs as the
 * `postgres` user through runuser. Commits do not wait for the disk (the data is thrown away after the test).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/free-port.mjs';

export interface OwnService {
  url: string;
  port: number;
  /** Stops it (PostgreSQL: a fast shutdown, aborting open transactions; Redis: SIGKILL, as a crash). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it for good and removes its files. */
  remove(): Promise<void>;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function postgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).filter((v) => /^\d+$/.test(v)) : [];
  if (versions.length === 0) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql (Debian package postgresql)');
  return path.join(base, versions.sort((a, b) => Number(b) - Number(a))[0]!, 'bin');
}

/** A fresh PostgreSQL cluster on a free loopback port with trust authentication, started. */
export async function startOwnPostgres(): Promise<OwnService> {
  const bin = postgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reef-own-pg-'));
  const asOwner = (command: string, args: string[]) =>
    isRoot() ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' }) : execFileSync(command, args, { stdio: 'pipe' });
  if (isRoot()) execFileSync('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  asOwner(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  const pgCtl = (...args: string[]) => asOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-w', '-t', '60', ...args]);
  const start = async () => void pgCtl('-o', options, '-l', path.join(dir, 'server.log'), 'start');
  const stop = async () => void pgCtl('-m', 'fast', 'stop');
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    async remove() {
      try {
        await stop();
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A Redis on a free loopback port that keeps nothing on disk, as the machine's. */
export async function startOwnRedis(): Promise<OwnService> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const deadline = Date.now() + 15_000;
    for (;;) {
      try {
        if (execFileSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8', stdio: 'pipe' }).trim() === 'PONG') return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not answer`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const gone = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await gone;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, stop, start, remove: stop };
}
