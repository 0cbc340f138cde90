/**
 * `npm run cluster` works (issue 27, decision 123): three built server nodes behind Debian's nginx on one PostgreSQL
 * and one Redis. Through the proxy a user signs in, the web app is served, a starter card is bought, and a chat
 * message sent through each node reaches a member whose socket the proxy placed on one of them — so at least two of
 * the three crossed nodes. A node that stops answering leaves the rotation, and requests keep being answered. Needs
 * TEST_DATABASE_URL and REDIS_URL (CI has both), the build (`npm run build`) and nginx (installed when missing).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { requiredService } from '../apps/server/src/test/required-services.js';
import { callApi, createScratchDatabaseUrl, signInOverHttp, type HttpUser } from '../apps/server/src/test/server-process.js';
import { TestSocket, socketUrl } from '../apps/server/src/test/socket-client.js';
import { startCluster, type Cluster } from './cluster.js';
import { starterCardType } from './fault-kit.js';

const databaseServer = requiredService('TEST_DATABASE_URL');
const redisUrl = requiredService('REDIS_URL');
const admin = privateKeyToAccount(generatePrivateKey());

async function ok(promise: ReturnType<typeof callApi>) {
  const answer = await promise;
  expect(answer.status, answer.msg).toBe(200);
  return answer.data;
}

describe.runIf(databaseServer && redisUrl)('npm run cluster: nginx in front of three nodes', () => {
  let cluster: Cluster;
  let drop: () => Promise<void> = () => Promise.resolve();
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    const database = await createScratchDatabaseUrl(databaseServer!, 'reef_cluster_test');
    drop = database.drop;
    cluster = await startCluster({
      nodes: 3,
      databaseUrl: database.url,
      redisUrl: redisUrl!,
      // A channel of its own, so the other suites' nodes on the same Redis do not hear this cluster's frames.
      env: { ADMIN_ADDRESSES: admin.address, REALTIME_CHANNEL: `reef-cluster-${randomUUID()}`, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0' },
    });
  }, 300_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await cluster?.stop();
    await drop();
  }, 60_000);

  it('serves the app, signs in, sells a card and carries chat across nodes, all through the proxy', async () => {
    const page = await fetch(`${cluster.origin}/index/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    const operator = await signInOverHttp(cluster.origin, admin);
    const buyer = await signInOverHttp(cluster.origin);
    const friend = await signInOverHttp(cluster.origin);

    // A starter card: a type, a session open now, a buyer with RUSD and a referrer (decision 119), one press.
    const type = await ok(callApi(cluster.origin, 'POST', '/api/admin/cards/types', operator.token, starterCardType('Cluster coral')));
    const now = Date.now();
    await ok(
      callApi(cluster.origin, 'POST', '/api/admin/cards/sessions', operator.token, {
        card_type_id: type.id,
        opens_at: new Date(now + 1_000).toISOString(),
        closes_at: new Date(now + 3_600_000).toISOString(),
        stock: 5,
      }),
    );
    await ok(
      callApi(cluster.origin, 'POST', '/api/admin/ledger/adjust', operator.token, { uid: buyer.uid, asset: 'rusd', amount: '25', memo: 'cluster test' }),
    );
    await ok(callApi(cluster.origin, 'POST', '/api/binding', buyer.token, { address: admin.address }));
    let bought: { status: number; msg: string; data: { card: { id: number; price: string } } } | undefined;
    const key = randomUUID();
    for (let attempt = 0; attempt < 50 && bought?.status !== 200; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200));
      const response = await fetch(`${cluster.origin}/api/project/card/${type.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${buyer.token}`, 'idempotency-key': key },
      });
      bought = (await response.json()) as typeof bought;
    }
    expect(bought?.status, bought?.msg).toBe(200);
    const mine = await ok(callApi(cluster.origin, 'GET', '/api/user/info', buyer.token));
    expect(mine.balances.find((b: { key: string }) => b.key === 'rusd').amount).toBe('15.00000000');

    // Chat: friends through the proxy; the friend's socket through the proxy (on whichever node nginx picked), the
    // sender's on each node in turn: every message arrives once.
    const request = await ok(callApi(cluster.origin, 'POST', '/api/chat/friend-requests', buyer.token, { uid: friend.uid, note: '' }));
    await ok(callApi(cluster.origin, 'POST', `/api/chat/friend-requests/${request.id}/accept`, friend.token));
    const receiving = await TestSocket.ready(socketUrl(cluster.origin, { type: 'user', token: friend.token, lang: 'en-us' }));
    sockets.push(receiving);
    for (const node of cluster.nodes) {
      const sending = await TestSocket.ready(socketUrl(node.origin, { type: 'user', token: buyer.token, lang: 'en-us' }));
      sockets.push(sending);
      const content = `from node ${node.index + 1}`;
      sending.send({
        type: 'to_chat',
        data: { id: friend.uid, to_group: false, to_user_type: 'user', user_type: 'user', msg_type: 'text', content, client_id: randomUUID() },
      });
      await sending.next('ack');
      const received = await receiving.next('chat', (frame) => frame.data.content === content);
      expect(received.data.content).toBe(content);
    }
  }, 120_000);

  it('takes a node that stops answering out of the rotation and keeps answering through the others', async () => {
    const victim = cluster.nodes[1]!;
    await victim.kill('SIGKILL');
    // The health check runs every second: within a few the node is out of nginx's upstream.
    await expect.poll(() => cluster.inRotation(), { timeout: 10_000, interval: 200 }).toEqual([0, 2]);
    const answers = await Promise.all(Array.from({ length: 30 }, () => fetch(`${cluster.origin}/api/config`).then((r) => r.status)));
    expect(answers.every((status) => status === 200)).toBe(true);
    await victim.start();
    await expect.poll(() => cluster.inRotation(), { timeout: 10_000, interval: 200 }).toEqual([0, 1, 2]);
    expect(cluster.reloads()).toBeGreaterThanOrEqual(2);
    const user: HttpUser = await signInOverHttp(cluster.origin);
    expect(user.uid).toBeGreaterThan(0);
  }, 120_000);
});
