/**
 * The chat socket under load (issue 4, issue 9 §2): 1,000 signed-in clients connected to one node, 200 of
 * them in one group, some members posting to it at a fixed rate. The clients run in their own process
 * (socket-load.mjs); this process is the server. Reports send → receipt latency at every member and
 * the frames delivered per second, and checks every message reached every member exactly once. Then a
 * throughput phase: 100 friend pairs, each side writing to the other faster than the target in total,
 * for stored (acknowledged) messages per second. Both figures print beside their targets (decision 035).
 * BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each load phase there (open it in Chrome DevTools).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { DatabaseHandle } from '../src/db/client.js';

const run = promisify(execFile);

export const SOCKET_CLIENTS = Number(process.env.BENCH_SOCKET_CLIENTS ?? 1000);
export const GROUP_SIZE = Number(process.env.BENCH_GROUP_SIZE ?? 200);
/**
 * Members posting at once, each at SENDER_RATE messages a second. Many slow senders rather than a few
 * fast ones: the flood limit (20/s per user) counts frames as they reach the server, so a stalled
 * server that reads a backlog at once would see a fast sender's frames as a burst.
 */
export const SENDERS = Number(process.env.BENCH_SOCKET_SENDERS ?? 25);
export const SENDER_RATE = Number(process.env.BENCH_SOCKET_RATE ?? 2);
export const SOCKET_DURATION_S = Number(process.env.BENCH_SOCKET_DURATION ?? 8);
/** Friend pairs in the throughput phase; both sides write, each at THROUGHPUT_RATE. */
export const THROUGHPUT_PAIRS = Number(process.env.BENCH_CHAT_PAIRS ?? 100);
export const THROUGHPUT_RATE = Number(process.env.BENCH_CHAT_PAIR_RATE ?? 5);
export const THROUGHPUT_DURATION_S = Number(process.env.BENCH_CHAT_THROUGHPUT_DURATION ?? 5);
/** Issue 9 §2 targets. */
export const DELIVERY_P99_TARGET_MS = 100;
export const STORED_PER_SECOND_TARGET = 500;
const SIGN_IN_CONCURRENCY = 20;
const ORIGIN = 'http://bench.reef.test';

export interface SocketBenchResult {
  clients: number;
  connectMs: number;
  sent: number;
  acked: number;
  delivered: number;
  duplicates: number;
  expected: number;
  deliveryMs: number;
  /** Null in the load generator's JSON when nothing was delivered. */
  p50: number;
  p99: number;
  max: number;
  errors: Record<string, number>;
  /** First send → last acknowledgement. */
  ackMs: number;
}

interface ChatBenchResult {
  group: SocketBenchResult;
  pairs: SocketBenchResult;
}

async function inParallel<T>(count: number, concurrency: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await work(i);
      }
    }),
  );
  return results;
}

/** The goal table's chat row (goals.ts): the pairs' stored rate and delivery p99, the group's delivery p99. */
export interface ChatFigures {
  storedPerSecond: number;
  deliveryP99: number;
  groupP99: number;
}

/** One node on a fresh database of this kind: set up, load, print, close. */
export async function runSocketBench(kind: string, openDatabase: () => Promise<DatabaseHandle>): Promise<ChatFigures> {
  const database = await openDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    SIGN_IN_PER_MINUTE: '0',
    SOCKETS_PER_IP: String(SOCKET_CLIENTS * 2),
    PUBLIC_ORIGINS: ORIGIN,
    DATA_DIR: os.tmpdir(),
  });
  const app = await buildApp({ config, db: database.db });
  try {
    const result = await socketBench(app, ORIGIN, SOCKET_DURATION_S, kind);
    printSocketBench(kind, SOCKET_DURATION_S, result);
    return { storedPerSecond: result.pairs.acked / (result.pairs.ackMs / 1000), deliveryP99: result.pairs.p99, groupP99: result.group.p99 };
  } finally {
    await app.close();
    await database.close();
  }
}

/** `app` must not be listening yet; it is listened on loopback here and closed by the caller. */
async function socketBench(app: FastifyInstance, origin: string, durationS: number, kind: string): Promise<ChatBenchResult> {
  const site = new URL(origin);
  const call = async (method: 'GET' | 'POST', url: string, token?: string, payload?: object) => {
    const response = await app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const body = response.json();
    if (body.status !== 200) throw new Error(`${method} ${url}: ${body.msg} ${JSON.stringify(body.data)}`);
    return body.data;
  };
  const signIn = async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const { nonce } = await call('GET', '/api/login/nonce');
    const msg = createSiweMessage({ address: wallet.address, domain: site.host, uri: site.origin, chainId: 56, version: '1', nonce, issuedAt: new Date() });
    const { token } = await call('POST', '/api/login', undefined, { sign: await wallet.signMessage({ message: msg }), account: wallet.address, msg });
    const { uid } = await call('GET', '/api/user/info', token);
    return { token: token as string, uid: uid as number };
  };

  const users = await inParallel(SOCKET_CLIENTS, SIGN_IN_CONCURRENCY, signIn);
  // The group: the first user owns it; invitees must be the owner's friends.
  const owner = users[0]!;
  const members = users.slice(1, GROUP_SIZE);
  await inParallel(members.length, SIGN_IN_CONCURRENCY, async (i) => {
    const request = await call('POST', '/api/chat/friend-requests', owner.token, { uid: members[i]!.uid, note: '' });
    await call('POST', `/api/chat/friend-requests/${request.id}/accept`, members[i]!.token);
  });
  const groupChat = await call('POST', '/api/chat/groups', owner.token, {
    name: 'Bench reef',
    nickname: 'owner',
    announcement: 'Benchmark group',
    member_uids: members.map((m) => m.uid),
  });

  // The throughput phase's pairs, after the group's members.
  const pairUsers = users.slice(GROUP_SIZE, GROUP_SIZE + 2 * THROUGHPUT_PAIRS);
  if (pairUsers.length < 2 * THROUGHPUT_PAIRS) throw new Error(`the throughput phase needs ${GROUP_SIZE + 2 * THROUGHPUT_PAIRS} clients`);
  await inParallel(THROUGHPUT_PAIRS, SIGN_IN_CONCURRENCY, async (i) => {
    const [a, b] = [pairUsers[2 * i]!, pairUsers[2 * i + 1]!];
    const request = await call('POST', '/api/chat/friend-requests', a.token, { uid: b.uid, note: '' });
    await call('POST', `/api/chat/friend-requests/${request.id}/accept`, b.token);
  });

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `${address.replace(/^http/, 'ws')}/ws`;
  const group = await load(kind, 'group', {
    url,
    tokens: users.map((u) => u.token),
    members: Array.from({ length: GROUP_SIZE }, (_, i) => i),
    // Senders spread over the group, the owner among them.
    senders: Array.from({ length: SENDERS }, (_, i) => Math.floor((i * GROUP_SIZE) / SENDERS)),
    groupId: groupChat.id,
    rate: SENDER_RATE,
    duration: durationS,
    drainMs: 60_000,
  });
  const everyone = pairUsers.map((_, i) => i);
  const pairs = await load(kind, 'pairs', {
    url,
    tokens: pairUsers.map((u) => u.token),
    members: everyone,
    senders: everyone,
    // Each writes to the other side of its pair.
    targets: everyone.map((i) => pairUsers[i ^ 1]!.uid),
    fanout: 1,
    rate: THROUGHPUT_RATE,
    duration: THROUGHPUT_DURATION_S,
    drainMs: 60_000,
  });
  return { group, pairs };
}

/** Runs one load phase in its own process; with BENCH_CPU_PROF, profiles this (the server's) process meanwhile. */
async function load(kind: string, phase: string, config: object): Promise<SocketBenchResult> {
  const script = path.resolve(import.meta.dirname, 'socket-load.mjs');
  // A file, not an argument: a thousand tokens would pass the kernel's limit for one argument.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reef-socket-bench-'));
  const profileDir = process.env.BENCH_CPU_PROF;
  const session = profileDir ? new Session() : null;
  try {
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify(config));
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    const { stdout } = await run(process.execPath, [script, path.join(dir, 'config.json')], { maxBuffer: 64 * 1024 * 1024 });
    return JSON.parse(stdout) as SocketBenchResult;
  } finally {
    if (session && profileDir) {
      const { profile } = await session.post('Profiler.stop');
      fs.mkdirSync(profileDir, { recursive: true });
      fs.writeFileSync(path.join(profileDir, `chat-${kind}-${phase}.cpuprofile`), JSON.stringify(profile));
      session.disconnect();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const verdict = (pass: boolean) => (pass ? 'PASS' : 'MISS');

function printSocketBench(kind: string, durationS: number, { group: r, pairs }: ChatBenchResult): void {
  // No receipt at all (every socket closed, e.g. idle while a loaded machine opened the rest): say so, not a null's toFixed.
  for (const [phase, result] of [
    ['group', r],
    ['pairs', pairs],
  ] as const) {
    if (!Number.isFinite(result.p99)) throw new Error(`${phase}: no message was delivered; errors ${JSON.stringify(result.errors)}`);
  }
  console.log(
    `Chat socket on ${kind}: ${r.clients} connected clients, a group of ${GROUP_SIZE}, ${SENDERS} members posting ${SENDER_RATE} msg/s each for ${durationS} s`,
  );
  console.log(`  ${r.clients} sockets opened and ready in ${(r.connectMs / 1000).toFixed(1)} s`);
  console.log(`  delivery latency (send → chat frame at each member)   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   max ${r.max.toFixed(1)} ms`);
  console.log(
    `  ${r.acked} messages stored and acknowledged, ${(r.acked / (r.deliveryMs / 1000)).toFixed(0)} msg/s; ${r.delivered} frames delivered, ${(r.delivered / (r.deliveryMs / 1000)).toFixed(0)} frames/s`,
  );
  const storedPerSecond = pairs.acked / (pairs.ackMs / 1000);
  console.log(
    `  throughput: ${THROUGHPUT_PAIRS} friend pairs, both sides writing ${THROUGHPUT_RATE} msg/s for ${THROUGHPUT_DURATION_S} s (${2 * THROUGHPUT_PAIRS * THROUGHPUT_RATE} msg/s offered): ${pairs.acked} stored in ${(pairs.ackMs / 1000).toFixed(1)} s, delivery p99 ${pairs.p99.toFixed(1)} ms`,
  );
  console.log(`  chat delivery p99 on ${kind}: ${r.p99.toFixed(1)} ms (target ≤ ${DELIVERY_P99_TARGET_MS} ms) ${verdict(r.p99 <= DELIVERY_P99_TARGET_MS)}`);
  console.log(
    `  chat stored messages/s on ${kind}: ${storedPerSecond.toFixed(0)} (target ≥ ${STORED_PER_SECOND_TARGET}) ${verdict(storedPerSecond >= STORED_PER_SECOND_TARGET)}`,
  );
  for (const [phase, result] of [
    ['group', r],
    ['pairs', pairs],
  ] as const) {
    const { TOO_FREQUENT: tooFrequent = 0, ...failures } = result.errors;
    if (tooFrequent) console.log(`  ${phase}: ${tooFrequent} messages refused as too frequent (a stalled server read a sender's backlog as a burst)`);
    if (Object.keys(failures).length) throw new Error(`the socket refused or dropped under load (${phase}): ${JSON.stringify(failures)}`);
    if (result.acked + tooFrequent !== result.sent)
      throw new Error(`${phase}: ${result.sent - result.acked - tooFrequent} of ${result.sent} messages got no answer`);
    if (result.duplicates || result.delivered !== result.expected)
      throw new Error(`${phase}: delivered ${result.delivered} frames (${result.duplicates} duplicates), expected ${result.expected}`);
  }
  console.log('');
}
