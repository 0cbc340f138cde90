import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { ConfigError, loadConfig } from '../../config.js';
import { createTestApp, databaseKinds, type SignedInUser, type TestApp } from '../../test/harness.js';
import { RecordingHub, clientId, send, setNickname } from '../../test/chat-kit.js';
import * as chat from './chat.service.js';

describe.each(databaseKinds)('customer service desk on %s', (kind) => {
  let t: TestApp;
  let agent1: SignedInUser;
  let agent2: SignedInUser;
  let customer: SignedInUser;
  let other: SignedInUser;
  beforeAll(async () => {
    const [w1, w2] = [privateKeyToAccount(generatePrivateKey()), privateKeyToAccount(generatePrivateKey())];
    // Agents are configured before they ever sign in: desk frames must still reach them once they do.
    t = await createTestApp(kind, { SERVICE_ADDRESSES: `${w1.address}, ${w2.address.toLowerCase()}` });
    [agent1, agent2, customer, other] = [await t.signIn(w1), await t.signIn(w2), await t.signIn(), await t.signIn()];
    await setNickname(t, agent1, 'Ann (support)');
  });
  afterAll(() => t.close());

  const desk = (uid: number) => ({ type: 'service' as const, id: uid });
  const inbox = (by: SignedInUser, state = '') => t.call({ method: 'GET', url: `/api/chat/service/inbox${state ? `?state=${state}` : ''}`, token: by.token });
  const claim = (by: SignedInUser, uid: number) => t.call({ method: 'POST', url: `/api/chat/service/${uid}/claim`, token: by.token });
  const close = (by: SignedInUser, uid: number) => t.call({ method: 'POST', url: `/api/chat/service/${uid}/close`, token: by.token });
  const ticketOf = async (by: SignedInUser, uid: number) => (await inbox(by)).data.list.find((x: { customer: { uid: number } }) => x.customer.uid === uid);

  it('tells the client who is an agent', async () => {
    expect((await t.call({ method: 'GET', url: '/api/user/info', token: agent1.token })).data.service_agent).toBe(true);
    expect((await t.call({ method: 'GET', url: '/api/user/info', token: customer.token })).data.service_agent).toBe(false);
    expect(() => loadConfig({ SERVICE_ADDRESSES: 'support@example.com' })).toThrow(ConfigError);
  });

  it('every user has one desk conversation, created on first use', async () => {
    const first = await t.call({ method: 'GET', url: '/api/chat/service', token: customer.token });
    expect(first.data).toMatchObject({ customer: { uid: customer.uid }, state: 'open', agent: null, unread: 0, last_message: null });
    const again = await t.call({ method: 'GET', url: '/api/chat/service', token: customer.token });
    expect(again.data).toEqual(first.data);
    // An empty desk is not in anyone's inbox or conversation list.
    expect(await ticketOf(agent1, customer.uid)).toBeUndefined();
  });

  it('non-agents cannot see or answer anyone else’s desk', async () => {
    expect((await inbox(other)).data.code).toBe('NOT_SERVICE_AGENT');
    expect((await claim(other, customer.uid)).data.code).toBe('NOT_SERVICE_AGENT');
    expect((await close(other, customer.uid)).data.code).toBe('NOT_SERVICE_AGENT');
    expect((await send(t, other, desk(customer.uid), 'I am support, honest')).data.code).toBe('NOT_SERVICE_AGENT');
    const peek = await t.call({ method: 'GET', url: `/api/chat/messages?type=service&id=${customer.uid}`, token: other.token });
    expect(peek.data.code).toBe('NOT_SERVICE_AGENT');
    expect((await inbox(agent1, 'pending')).data.code).toBe('PARAMETER_ERROR');
    expect((await claim(agent1, 9_999_999)).data.code).toBe('NOT_FOUND');
  });

  it('the customer writes; agents share one unread count and one read mark per desk', async () => {
    const sent = await send(t, customer, desk(customer.uid), 'my deposit is missing');
    expect(sent.data).toMatchObject({ conversation: desk(customer.uid), from_type: 'user', from: { uid: customer.uid } });
    await send(t, customer, desk(customer.uid), 'tx 0xabc');
    expect((await ticketOf(agent1, customer.uid)).unread).toBe(2);
    expect((await ticketOf(agent2, customer.uid)).unread).toBe(2);
    const read = await t.call({
      method: 'POST',
      url: '/api/chat/read',
      token: agent2.token,
      payload: { conversation: desk(customer.uid), last_id: sent.data.id },
    });
    expect(read.data).toMatchObject({ conversation: desk(customer.uid), last_read_id: sent.data.id, unread: 1 });
    expect((await ticketOf(agent1, customer.uid)).unread).toBe(1);
    // The customer's own messages are not unread for the customer.
    expect((await t.call({ method: 'GET', url: '/api/chat/service', token: customer.token })).data.unread).toBe(0);
  });

  it('two agents claim at once: one wins, the other is refused and cannot answer or close', async () => {
    const results = await Promise.all([claim(agent1, customer.uid), claim(agent2, customer.uid)]);
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    expect(results.find((r) => r.status !== 200)!.data.code).toBe('SERVICE_CLAIMED_BY_OTHER');
    const winner = winners[0]!.data.agent.uid === agent1.uid ? agent1 : agent2;
    const loser = winner === agent1 ? agent2 : agent1;
    expect(winners[0]!.data).toMatchObject({ state: 'claimed', agent: { uid: winner.uid, address: '' } });
    expect((await claim(winner, customer.uid)).status).toBe(200);
    expect((await send(t, loser, desk(customer.uid), 'me too')).data.code).toBe('SERVICE_CLAIMED_BY_OTHER');
    expect((await close(loser, customer.uid)).data.code).toBe('SERVICE_CLAIMED_BY_OTHER');

    const reply = await send(t, winner, desk(customer.uid), 'looking into it');
    expect(reply.data).toMatchObject({ conversation: desk(customer.uid), from_type: 'service', from: { uid: winner.uid, address: '' } });
    const mine = await t.call({ method: 'GET', url: '/api/chat/service', token: customer.token });
    expect(mine.data).toMatchObject({ state: 'claimed', unread: 1, last_message: { id: reply.data.id, from_type: 'service' } });
    // The customer sees who answered by nickname only: neither the agent's uid nor their wallet.
    expect(mine.data.agent).toMatchObject({ uid: null, address: '' });
    expect(mine.data.last_message.from).toMatchObject({ uid: null, address: '' });
    expect((await t.call({ method: 'GET', url: '/api/chat/unread', token: customer.token })).data.total).toBe(1);
    const history = await t.call({ method: 'GET', url: `/api/chat/messages?type=service&id=${customer.uid}`, token: customer.token });
    expect(history.data.list.map((m: { from_type: string }) => m.from_type)).toEqual(['service', 'user', 'user']);
    expect(history.data.list[0].from).toMatchObject({ uid: null, address: '' });
    expect(history.data.list[1].from.uid).toBe(customer.uid);
    // Other agents still see which colleague answered.
    const agentsHistory = await t.call({ method: 'GET', url: `/api/chat/messages?type=service&id=${customer.uid}`, token: loser.token });
    expect(agentsHistory.data.list[0].from.uid).toBe(winner.uid);

    const closed = await close(winner, customer.uid);
    expect(closed.data.state).toBe('closed');
    expect(await ticketOf(agent1, customer.uid)).toBeUndefined();
    const closedList = await inbox(agent1, 'closed');
    expect(closedList.data.list.map((x: { customer: { uid: number } }) => x.customer.uid)).toContain(customer.uid);
    expect((await close(winner, customer.uid)).data.state).toBe('closed');

    // The customer's next message reopens the desk for every agent.
    await send(t, customer, desk(customer.uid), 'still missing');
    expect(await ticketOf(agent1, customer.uid)).toMatchObject({ state: 'open', agent: null });
    const list = await t.call({ method: 'GET', url: '/api/chat/conversations', token: customer.token });
    expect(list.data.list).toContainEqual(
      expect.objectContaining({ conversation: desk(customer.uid), title: '', last_message: expect.objectContaining({ content: 'still missing' }) }),
    );

    // An agent following up on a closed desk takes it.
    expect((await close(loser, customer.uid)).data.state).toBe('closed');
    const followUp = await send(t, loser, desk(customer.uid), 'following up');
    expect(followUp.data.from_type).toBe('service');
    expect(await ticketOf(winner, customer.uid)).toMatchObject({ state: 'claimed', agent: { uid: loser.uid } });
  });

  it('an agent answering an open desk claims it', async () => {
    await send(t, other, desk(other.uid), 'hello?');
    const reply = await send(t, agent1, desk(other.uid), 'Hi, Ann here');
    expect(reply.data.from).toEqual({ uid: agent1.uid, nickname: 'Ann (support)', address: '', avatar: null });
    expect(await ticketOf(agent2, other.uid)).toMatchObject({ state: 'claimed', agent: { uid: agent1.uid, nickname: 'Ann (support)' } });
    // An agent writing to their own desk is a customer there.
    const own = await send(t, agent2, desk(agent2.uid), 'I need help too');
    expect(own.data.from_type).toBe('user');
  });

  it('desk messages reach the customer and every agent; reads reach the other side', async () => {
    const hub = new RecordingHub();
    const db = t.database.db;
    const customerActor = { id: customer.uid, serviceAgent: false };
    const message = await chat.sendMessage(db, hub, customerActor, {
      conversation: desk(customer.uid),
      msg_type: 'text',
      content: 'frames?',
      client_id: clientId(),
    });
    expect(hub.recipients('chat')).toEqual([agent1.uid, agent2.uid, customer.uid].sort((a, b) => a - b));
    expect(hub.to(agent2.uid, 'chat')[0]!.data).toEqual(message);

    hub.clear();
    await chat.markRead(db, hub, { id: agent1.uid, serviceAgent: true }, desk(customer.uid), message.id);
    expect(hub.recipients('read')).toEqual([agent2.uid, customer.uid].sort((a, b) => a - b));
    hub.clear();
    await chat.markRead(db, hub, customerActor, desk(customer.uid), message.id);
    expect(hub.recipients('read')).toEqual([agent1.uid, agent2.uid].sort((a, b) => a - b));
    expect(hub.to(customer.uid, 'unread')).toHaveLength(1);

    // The socket's to_chat for "write to customer service" lands in the sender's own desk.
    hub.clear();
    const viaSocket = chat.toChatToSendBody(customerActor, {
      id: 0,
      to_group: false,
      to_user_type: 'service',
      user_type: 'user',
      content: 'socket',
      msg_type: 'text',
      client_id: clientId(),
    });
    const stored = await chat.sendMessage(db, hub, customerActor, viaSocket);
    expect(stored.conversation).toEqual(desk(customer.uid));
  });

  it('agents catch up on desk messages through sync', async () => {
    const start = await chat.latestMessageId(t.database.db);
    const sent = await send(t, other, desk(other.uid), 'sync me');
    const synced = await t.call({ method: 'GET', url: `/api/chat/sync?after=${start}`, token: agent2.token });
    expect(synced.data.list.map((m: { id: number }) => m.id)).toContain(sent.data.id);
    const stranger = await t.call({ method: 'GET', url: `/api/chat/sync?after=${start}`, token: customer.token });
    expect(stranger.data.list.map((m: { id: number }) => m.id)).not.toContain(sent.data.id);
  });
});
