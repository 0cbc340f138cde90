import { describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';
import { befriend, send } from '../../test/chat-kit.js';
import { multipart, png } from '../uploads/upload-fixtures.js';

const PASSWORD = '246801';
const UPLOAD = /^\/uploads\/[0-9a-f]{64}\.png$/;

/**
 * Every reply that shows a person carries their picture and nickname (issue 10, decision 049): the chat views
 * (friends, requests, search, groups, messages, conversations, the desk) and the transfer's recipient preview.
 */
describe.each(databaseKinds)('avatars and nicknames in chat and transfer replies on %s', (kind) => {
  let t: TestApp, alice: SignedInUser, bob: SignedInUser, carol: SignedInUser, agent: SignedInUser;
  let aliceAvatar: string, bobAvatar: string, agentAvatar: string;
  const agentWallet = privateKeyToAccount(generatePrivateKey());

  // A picture of its own size per person: distinct bytes, distinct addresses.
  const upload = async (user: SignedInUser, size: number): Promise<string> => {
    const { payload, contentType } = multipart([{ name: 'file', filename: 'me.png', contentType: 'image/png', data: png(size) }]);
    const res = await t.call({ method: 'POST', url: '/api/upload', token: user.token, payload, headers: { 'content-type': contentType } });
    expect(res.status).toBe(200);
    return res.data as string;
  };
  const setInfo = async (user: SignedInUser, info: { nickname: string; avatar: string | null }) => {
    const res = await t.call({ method: 'POST', url: '/api/user/setInfo', token: user.token, payload: info });
    expect(res.status).toBe(200);
  };
  const get = async (user: SignedInUser, url: string) => {
    const res = await t.call({ method: 'GET', url, token: user.token });
    expect(res.status).toBe(200);
    return res.data;
  };

  withTestApp({ kind, env: { UPLOAD_PER_MINUTE: '1000', SERVICE_ADDRESSES: agentWallet.address }, dataDir: 'reef-identity-' }, async (app) => {
    t = app;
    alice = await t.signInPayer(PASSWORD, { usdt: '50' });
    [bob, carol, agent] = [await t.signIn(), await t.signIn(), await t.signIn(agentWallet)];
    aliceAvatar = await upload(alice, 2);
    bobAvatar = await upload(bob, 3);
    agentAvatar = await upload(agent, 4);
    await setInfo(alice, { nickname: 'Alice', avatar: aliceAvatar });
    await setInfo(bob, { nickname: 'Bob', avatar: bobAvatar });
    await setInfo(carol, { nickname: 'Carol', avatar: null });
    await setInfo(agent, { nickname: 'Ann (support)', avatar: agentAvatar });
    await befriend(t, alice, bob);
    await befriend(t, alice, carol);
  });

  it('friends, the friend card, requests and search carry the avatar (null without one)', async () => {
    expect(aliceAvatar).toMatch(UPLOAD);
    const friends = (await get(alice, '/api/chat/friends')).list;
    expect(friends).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ uid: bob.uid, nickname: 'Bob', avatar: bobAvatar }),
        expect.objectContaining({ uid: carol.uid, nickname: 'Carol', avatar: null }),
      ]),
    );
    expect(await get(alice, `/api/chat/friends/${bob.uid}`)).toMatchObject({ uid: bob.uid, nickname: 'Bob', avatar: bobAvatar });

    const requests = await get(bob, '/api/chat/friend-requests');
    expect(requests.incoming[0]).toMatchObject({ from: { uid: alice.uid, avatar: aliceAvatar }, to: { uid: bob.uid, avatar: bobAvatar } });

    const found = (await get(carol, `/api/chat/search?q=${bob.uid}`)).list;
    expect(found).toEqual([expect.objectContaining({ uid: bob.uid, nickname: 'Bob', avatar: bobAvatar })]);
  });

  it('group members carry their own avatar', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/chat/groups',
      token: alice.token,
      payload: { name: 'Reef', nickname: 'Captain', announcement: 'Hi', member_uids: [bob.uid, carol.uid] },
    });
    expect(created.status).toBe(200);
    const members = (await get(bob, `/api/chat/groups/${created.data.id}`)).members as { uid: number; avatar: string | null }[];
    expect(Object.fromEntries(members.map((m) => [m.uid, m.avatar]))).toEqual({ [alice.uid]: aliceAvatar, [bob.uid]: bobAvatar, [carol.uid]: null });

    // A group message's sender, in the history and in the list's last message; the group row has no person's picture.
    const sent = await send(t, carol, { type: 'group', id: created.data.id }, 'hello reef');
    expect(sent.data.from).toMatchObject({ uid: carol.uid, nickname: 'Carol', avatar: null });
    await send(t, bob, { type: 'group', id: created.data.id }, 'hello carol');
    const history = (await get(alice, `/api/chat/messages?type=group&id=${created.data.id}`)).list;
    expect(history.map((m: { from: { avatar: string | null } }) => m.from.avatar)).toEqual([bobAvatar, null]);
    const row = (await get(alice, '/api/chat/conversations')).list.find((c: { conversation: { type: string } }) => c.conversation.type === 'group');
    expect(row).toMatchObject({ title: 'Reef', avatar: null, last_message: { from: { uid: bob.uid, avatar: bobAvatar } } });
  });

  it('a direct conversation row carries the other person’s avatar; messages and sync carry the sender’s', async () => {
    const sent = await send(t, bob, { type: 'user', id: alice.uid }, 'hi alice');
    expect(sent.data.from).toMatchObject({ uid: bob.uid, nickname: 'Bob', avatar: bobAvatar });
    const rows = (await get(alice, '/api/chat/conversations')).list;
    expect(rows.find((c: { conversation: { type: string; id: number } }) => c.conversation.type === 'user' && c.conversation.id === bob.uid)).toMatchObject({
      title: 'Bob',
      avatar: bobAvatar,
    });
    // Bob's side of the same conversation shows Alice.
    const bobsRow = (await get(bob, '/api/chat/conversations')).list.find((c: { conversation: { type: string } }) => c.conversation.type === 'user');
    expect(bobsRow).toMatchObject({ conversation: { id: alice.uid }, title: 'Alice', avatar: aliceAvatar });

    const history = (await get(alice, `/api/chat/messages?type=user&id=${bob.uid}`)).list;
    expect(history[0].from).toMatchObject({ uid: bob.uid, avatar: bobAvatar });
    const synced = (await get(alice, `/api/chat/sync?after=${sent.data.id - 1}`)).list;
    expect(synced[0].from).toMatchObject({ uid: bob.uid, avatar: bobAvatar });

    // A changed picture shows at once: it is read with the rows, not cached beside them.
    await setInfo(bob, { nickname: 'Bob', avatar: null });
    expect((await get(alice, `/api/chat/friends/${bob.uid}`)).avatar).toBeNull();
    expect((await get(alice, `/api/chat/messages?type=user&id=${bob.uid}`)).list[0].from.avatar).toBeNull();
    await setInfo(bob, { nickname: 'Bob', avatar: bobAvatar });
  });

  it('the desk: agents see the customer’s picture; the customer sees the desk, not the agent’s own picture', async () => {
    await send(t, alice, { type: 'service', id: alice.uid }, 'help please');
    expect((await t.call({ method: 'POST', url: `/api/chat/service/${alice.uid}/claim`, token: agent.token })).status).toBe(200);
    const answer = await send(t, agent, { type: 'service', id: alice.uid }, 'how can I help?');
    expect(answer.data).toMatchObject({ from_type: 'service', from: { uid: agent.uid, avatar: agentAvatar } });

    const ticket = (await get(agent, '/api/chat/service/inbox')).list.find((x: { customer: { uid: number } }) => x.customer.uid === alice.uid);
    expect(ticket).toMatchObject({ customer: { uid: alice.uid, avatar: aliceAvatar }, agent: { uid: agent.uid, avatar: agentAvatar } });

    const mine = await get(alice, '/api/chat/service');
    expect(mine.agent).toMatchObject({ uid: null, nickname: 'Ann (support)', address: '', avatar: null });
    const history = (await get(alice, `/api/chat/messages?type=service&id=${alice.uid}`)).list;
    expect(history[0]).toMatchObject({ from_type: 'service', from: { uid: null, avatar: null } });
  });

  it('the transfer preview and the recent recipients carry the recipient’s avatar', async () => {
    expect(await get(alice, `/api/transfer/recipient?to=${bob.uid}`)).toEqual({
      uid: bob.uid,
      nickname: 'Bob',
      address: expect.stringMatching(/^0x[0-9a-fA-F]{2}\.\.\.[0-9a-fA-F]{4}$/),
      avatar: bobAvatar,
    });
    expect((await get(alice, `/api/transfer/recipient?to=${carol.account}`)).avatar).toBeNull();
    const sent = await t.call({
      method: 'POST',
      url: '/api/finance/other/trade',
      token: alice.token,
      payload: { to: String(bob.uid), amount: '1', asset: 'usdt', password: PASSWORD },
    });
    expect(sent.status).toBe(200);
    expect((await get(alice, '/api/transfer/recent')).list).toEqual([expect.objectContaining({ uid: bob.uid, avatar: bobAvatar })]);
  });
});
