/**
 * Issue 4 §3: two real server processes on two loopback ports, one PostgreSQL database and one Redis.
 * Users on different nodes talk as if on one: every message arrives exactly once, in order, and the
 * flood limit holds for a user with sockets on both nodes. Needs TEST_DATABASE_URL and REDIS_URL (in
 * CI a missing one fails the run: see test/required-services.ts).
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { chatSocket } from '@reef/contract';
import { requiredService } from '../../test/required-services.js';
import { callApi, signInOverHttp, type HttpUser, type ServerProcess } from '../../test/server-process.js';
import { twoServerNodes } from '../../test/two-nodes.js';
import { TestSocket, socketUrl, wait } from '../../test/socket-client.js';

const databaseServer = requiredService('TEST_DATABASE_URL');
const redisUrl = requiredService('REDIS_URL');

let sequence = 0;
const clientId = () => `node-${randomBytes(4).toString('hex')}-${++sequence}`;
const toChat = (to: number, content: string, group = false, id = clientId()) =>
  ({ type: 'to_chat', data: { id: to, to_group: group, to_user_type: 'user', user_type: 'user', msg_type: 'text', content, client_id: id } }) as const;

describe.runIf(databaseServer && redisUrl)('two server nodes with Redis fan-out', () => {
  const cluster = twoServerNodes(databaseServer!, redisUrl!, 'reef_nodes');
  const { sockets } = cluster;
  let alice: HttpUser;
  let bob: HttpUser;
  let carol: HttpUser;
  let dave: HttpUser;
  let groupId: number;

  const connect = async (node: ServerProcess, user: HttpUser) => {
    const socket = await TestSocket.ready(socketUrl(node.origin, { type: 'user', token: user.token, lang: 'en-us' }));
    sockets.push(socket);
    return socket;
  };
  const ok = async (promise: ReturnType<typeof callApi>) => {
    const res = await promise;
    expect(res.status, res.msg).toBe(200);
    return res.data;
  };
  const befriend = async (node: ServerProcess, a: HttpUser, b: HttpUser) => {
    const request = await ok(callApi(node.origin, 'POST', '/api/chat/friend-requests', a.token, { uid: b.uid, note: '' }));
    await ok(callApi(node.origin, 'POST', `/api/chat/friend-requests/${request.id}/accept`, b.token));
  };

  beforeAll(async () => {
    const { one, two } = cluster;
    [alice, dave] = [await signInOverHttp(one.origin), await signInOverHttp(one.origin)];
    [bob, carol] = [await signInOverHttp(two.origin), await signInOverHttp(two.origin)];
    await befriend(one, alice, bob);
    await befriend(two, alice, carol);
    await befriend(one, alice, dave);
    const group = await ok(
      callApi(one.origin, 'POST', '/api/chat/groups', alice.token, {
        name: 'Two nodes',
        nickname: 'alice',
        announcement: 'Across nodes',
        member_uids: [bob.uid, carol.uid, dave.uid],
      }),
    );
    groupId = group.id;
  }, 180_000);

  it('delivers direct and group messages across nodes exactly once and in order', async () => {
    const { one, two } = cluster;
    const aliceOnOne = await connect(one, alice);
    // Alice's second device is on the other node: it gets her own messages from there.
    const aliceOnTwo = await connect(two, alice);
    const bobOnTwo = await connect(two, bob);
    const carolOnTwo = await connect(two, carol);
    const daveOnOne = await connect(one, dave);

    const direct = Array.from({ length: 15 }, (_, i) => `direct ${i}`);
    for (const content of direct) aliceOnOne.send(toChat(bob.uid, content));
    const directAcks = [];
    for (let i = 0; i < direct.length; i++) directAcks.push((await aliceOnOne.next('ack')).data.message);
    expect(directAcks.map((m) => m.content)).toEqual(direct);

    await wait(1100); // the flood window: this is Alice's second burst
    const grouped = Array.from({ length: 15 }, (_, i) => `group ${i}`);
    for (const content of grouped) aliceOnOne.send(toChat(groupId, content, true));
    const groupAcks = [];
    for (let i = 0; i < grouped.length; i++) groupAcks.push((await aliceOnOne.next('ack')).data.message);

    // And back: Bob on node 2 answers Alice on node 1.
    bobOnTwo.send(toChat(alice.uid, 'reply from node 2'));
    const reply = (await bobOnTwo.next('ack')).data.message;
    await aliceOnOne.next('chat', (f) => f.data.id === reply.id);

    const directIds = directAcks.map((m) => m.id);
    const groupIds = groupAcks.map((m) => m.id);
    const lastGroupId = groupIds.at(-1)!;
    for (const socket of [bobOnTwo, carolOnTwo, daveOnOne, aliceOnTwo]) await socket.next('chat', (f) => f.data.id === lastGroupId, 10_000);
    await wait(500); // time for a duplicate to show up, were there one

    const chatIds = (socket: TestSocket) => socket.all('chat').map((f) => f.data.id);
    expect(chatIds(bobOnTwo)).toEqual([...directIds, ...groupIds, reply.id]);
    expect(chatIds(carolOnTwo)).toEqual(groupIds);
    expect(chatIds(daveOnOne)).toEqual(groupIds);
    expect(chatIds(aliceOnTwo)).toEqual([...directIds, ...groupIds, reply.id]);
    expect(
      bobOnTwo
        .all('chat')
        .slice(0, 15)
        .map((f) => f.data.content),
    ).toEqual(direct);
    expect(carolOnTwo.all('chat').map((f) => f.data.conversation)).toEqual(grouped.map(() => ({ type: 'group', id: groupId })));
    // The sender's own socket gets each of its messages once: its node delivers locally and ignores the echo.
    const ownOnOne = aliceOnOne.all('chat').map((f) => f.data.id);
    expect(ownOnOne).toEqual([...new Set(ownOnOne)]);
  });

  it('holds the flood limit for one user writing from both nodes at once', async () => {
    const { one, two } = cluster;
    await wait(1100);
    const fromOne = await connect(one, dave);
    const fromTwo = await connect(two, dave);
    const ids = Array.from({ length: 30 }, () => clientId());
    ids.forEach((id, i) => (i % 2 ? fromOne : fromTwo).send(toChat(groupId, `burst ${i}`, true, id)));
    const answers = await Promise.all(ids.map((id, i) => (i % 2 ? fromOne : fromTwo).answerTo(id, 10_000)));
    expect(answers.filter((a) => a.type === 'ack')).toHaveLength(chatSocket.CHAT_FLOOD_PER_SECOND);
    const refused = answers.filter((a) => a.type === 'error');
    expect(refused).toHaveLength(30 - chatSocket.CHAT_FLOOD_PER_SECOND);
    for (const r of refused) expect(r.data).toMatchObject({ code: 'TOO_FREQUENT', msg: 'Do not operate frequently' });
    const stored = await ok(callApi(one.origin, 'GET', `/api/chat/messages?type=group&id=${groupId}&limit=100`, alice.token));
    expect(stored.list.filter((m: { content: string }) => m.content.startsWith('burst '))).toHaveLength(chatSocket.CHAT_FLOOD_PER_SECOND);
  });
});
