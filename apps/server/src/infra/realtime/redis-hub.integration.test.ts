/**
 * Two hubs on one Redis channel stand for two server processes: the fan-out, the exactly-once local
 * delivery and the order, without sockets. (realtime-nodes.integration.test.ts runs real processes.)
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { chatSocket, type ServerFrame } from '@reef/contract';
import { requiredService } from '../../test/required-services.js';
import { RedisFloodGate } from './flood-gate.js';
import { RedisHub } from './redis-hub.js';
import { SocketRegistry, type FrameSink } from './socket-registry.js';

const redisUrl = requiredService('REDIS_URL');

class RecordingSink implements FrameSink {
  readonly frames: unknown[] = [];
  readonly closes: number[] = [];
  push(data: Buffer): void {
    this.frames.push(JSON.parse(data.toString()));
  }
  close(code: number): void {
    this.closes.push(code);
  }
}

const quietLog = { error: () => {}, warn: () => {} };
const unread = (total: number): ServerFrame => ({ type: 'unread', data: { total } });

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for frames');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.runIf(redisUrl)('RedisHub', () => {
  const hubs: RedisHub[] = [];
  afterEach(async () => {
    await Promise.all(hubs.splice(0).map((hub) => hub.close()));
  });

  async function node(channel: string) {
    const sockets = new SocketRegistry<RecordingSink>();
    const hub = await RedisHub.connect({ url: redisUrl!, channel, sockets, log: quietLog });
    hubs.push(hub);
    return { sockets, hub };
  }

  it('delivers to users on the other node once, to its own node once, in publish order', async () => {
    const channel = `reef-test-${randomBytes(6).toString('hex')}`;
    const a = await node(channel);
    const b = await node(channel);
    const onA = new RecordingSink();
    const onB = new RecordingSink();
    const bothA = new RecordingSink();
    const bothB = new RecordingSink();
    a.sockets.add(1, onA);
    b.sockets.add(2, onB);
    a.sockets.add(3, bothA);
    b.sockets.add(3, bothB);

    for (let i = 0; i < 300; i++) a.hub.publish([1, 2, 3], unread(i));
    b.hub.publish([1], unread(1000));
    await until(() => onB.frames.length === 300 && bothB.frames.length === 300 && onA.frames.length === 301);
    // A round trip more, so a duplicate would have had time to arrive.
    const marker = new RecordingSink();
    a.sockets.add(9, marker);
    b.hub.publish([9], unread(-0));
    await until(() => marker.frames.length === 1);

    const expected = Array.from({ length: 300 }, (_, i) => unread(i));
    expect(onB.frames).toEqual(expected);
    expect(bothA.frames).toEqual(expected);
    expect(bothB.frames).toEqual(expected);
    expect(onA.frames).toEqual([...expected, unread(1000)]);
  });

  it('closes its sockets with RESYNC once its subscription is back after a loss, and delivers again (decision 128)', async () => {
    const channel = `reef-test-${randomBytes(6).toString('hex')}`;
    const a = await node(channel);
    const b = await node(channel);
    const before = new RecordingSink();
    a.sockets.add(1, before);
    // Drop only this hub's subscriber connection (other suites share this Redis): found by its name.
    const admin = new Redis(redisUrl!);
    try {
      const clients = String(await admin.client('LIST'));
      const id = /id=(\d+) [^\n]*name=reef-hub-(\w+)/g;
      const ours = [...clients.matchAll(id)].find((m) => m[2] === a.hub.nodeId);
      expect(ours).toBeDefined();
      await admin.client('KILL', 'ID', ours![1]!);
    } finally {
      admin.disconnect();
    }
    await until(() => before.closes.length === 1);
    expect(before.closes).toEqual([chatSocket.SOCKET_CLOSE.RESYNC]);
    // Subscribed again: the other node's frames reach a socket that opened afterwards.
    const after = new RecordingSink();
    a.sockets.add(2, after);
    b.hub.publish([2], unread(7));
    await until(() => after.frames.length === 1);
    expect(after.frames).toEqual([unread(7)]);
  });

  it('keeps channels apart and strips fields the contract does not declare', async () => {
    const a = await node(`reef-test-${randomBytes(6).toString('hex')}`);
    const elsewhere = await node(`reef-test-${randomBytes(6).toString('hex')}`);
    const b = await node((a.hub as unknown as { channel: string }).channel);
    const sink = new RecordingSink();
    const stranger = new RecordingSink();
    b.sockets.add(5, sink);
    elsewhere.sockets.add(5, stranger);
    a.hub.publish([5], { type: 'unread', data: { total: 2, secret: 'x' } } as unknown as ServerFrame);
    await until(() => sink.frames.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sink.frames).toEqual([unread(2)]);
    expect(stranger.frames).toEqual([]);
  });

  it('holds the flood limit for one user across nodes', async () => {
    const channel = `reef-test-${randomBytes(6).toString('hex')}`;
    const a = await node(channel);
    const b = await node(channel);
    const gateA = new RedisFloodGate(a.hub.publisher, `${channel}:flood:`, a.hub.nodeId, 20, quietLog);
    const gateB = new RedisFloodGate(b.hub.publisher, `${channel}:flood:`, b.hub.nodeId, 20, quietLog);
    try {
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? gateA : gateB).admit(42)));
      expect(answers.filter(Boolean)).toHaveLength(20);
      expect(await gateA.admit(43)).toBe(true);
    } finally {
      gateA.close();
      gateB.close();
    }
  });
});
