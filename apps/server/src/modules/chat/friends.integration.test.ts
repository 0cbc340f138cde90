import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';
import { RecordingHub, befriend, send, setNickname } from '../../test/chat-kit.js';
import * as friends from './friends.service.js';

describe.each(databaseKinds)('chat friends on %s', (kind) => {
  let t: TestApp, alice: SignedInUser, bob: SignedInUser, carol: SignedInUser;
  withTestApp(kind, async (app) => {
    t = app;
    [alice, bob, carol] = [await t.signIn(), await t.signIn(), await t.signIn()];
    await setNickname(t, bob, 'Bob_50%');
  });

  const request = (from: SignedInUser, payload: unknown) =>
    t.call({ method: 'POST', url: '/api/chat/friend-requests', token: from.token, payload: payload as object });
  const answer = (by: SignedInUser, id: number | string, how: 'accept' | 'reject') =>
    t.call({ method: 'POST', url: `/api/chat/friend-requests/${id}/${how}`, token: by.token });

  it('finds users by uid, full address and nickname (wildcards literal), never the searcher', async () => {
    const byUid = await t.call({ method: 'GET', url: `/api/chat/search?q=${bob.uid}`, token: alice.token });
    expect(byUid.status).toBe(200);
    expect(byUid.data.list.map((u: { uid: number }) => u.uid)).toContain(bob.uid);
    const byAddress = await t.call({ method: 'GET', url: `/api/chat/search?q=${bob.account.toLowerCase()}`, token: alice.token });
    expect(byAddress.data.list).toEqual([
      {
        uid: bob.uid,
        nickname: 'Bob_50%',
        address: `${bob.account.slice(0, 4)}...${bob.account.slice(-4)}`,
        avatar: null,
        is_friend: false,
        pending_request: null,
      },
    ]);
    const byNickname = await t.call({ method: 'GET', url: `/api/chat/search?q=${encodeURIComponent('b_50%')}`, token: alice.token });
    expect(byNickname.data.list.map((u: { uid: number }) => u.uid)).toEqual([bob.uid]);
    // "%" alone matches only nicknames containing it, not everyone.
    const percent = await t.call({ method: 'GET', url: `/api/chat/search?q=${encodeURIComponent('%')}`, token: alice.token });
    expect(percent.data.list.map((u: { uid: number }) => u.uid)).toEqual([bob.uid]);
    const self = await t.call({ method: 'GET', url: `/api/chat/search?q=${alice.uid}`, token: alice.token });
    expect(self.data.list.map((u: { uid: number }) => u.uid)).not.toContain(alice.uid);
  });

  it('refuses empty, blank and too long searches, and anonymous callers', async () => {
    for (const q of ['', '%20%20', 'x'.repeat(65)]) {
      const res = await t.call({ method: 'GET', url: `/api/chat/search?q=${q}`, token: alice.token });
      expect(res.data.code).toBe('PARAMETER_ERROR');
    }
    const anonymous = await t.call({ method: 'GET', url: '/api/chat/search?q=1' });
    expect(anonymous.http).toBe(401);
  });

  it('refuses requests to yourself, to nobody, with bad input, and a second pending one', async () => {
    expect((await request(alice, { uid: alice.uid })).data.code).toBe('FRIEND_REQUEST_SELF');
    expect((await request(alice, { uid: 9_999_999 })).data.code).toBe('USER_NOT_FOUND');
    expect((await request(alice, {})).data.code).toBe('PARAMETER_ERROR');
    expect((await request(alice, { uid: 'bob' })).data.code).toBe('PARAMETER_ERROR');
    expect((await request(alice, { uid: -1 })).data.code).toBe('PARAMETER_ERROR');
    expect((await request(alice, { uid: bob.uid, note: 'n'.repeat(141) })).data.code).toBe('PARAMETER_ERROR');

    const first = await request(alice, { uid: bob.uid, note: '  hello Bob  ' });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ from: { uid: alice.uid }, to: { uid: bob.uid }, note: 'hello Bob', state: 'sent', decided_at: null });
    const again = await request(alice, { uid: bob.uid, note: 'again' });
    expect(again.data.code).toBe('FRIEND_REQUEST_PENDING');
    expect(again.msg).toBe('好友申請已在等待處理');
    const english = await t.call({
      method: 'POST',
      url: '/api/chat/friend-requests',
      token: alice.token,
      payload: { uid: bob.uid },
      headers: { 'accept-language': 'en-us' },
    });
    expect(english.msg).toBe('A friend request is already waiting');

    const lists = await t.call({ method: 'GET', url: '/api/chat/friend-requests', token: bob.token });
    expect(lists.data.incoming.map((r: { id: number }) => r.id)).toEqual([first.data.id]);
    expect(lists.data.outgoing).toEqual([]);
    const search = await t.call({ method: 'GET', url: `/api/chat/search?q=${alice.uid}`, token: bob.token });
    expect(search.data.list.find((u: { uid: number }) => u.uid === alice.uid).pending_request).toBe('incoming');
  });

  it('only the recipient answers: others get NOT_FOUND, the sender a clear refusal; answers are final', async () => {
    const pending = (await t.call({ method: 'GET', url: '/api/chat/friend-requests', token: bob.token })).data.incoming[0];
    expect((await answer(carol, pending.id, 'accept')).data.code).toBe('NOT_FOUND');
    expect((await answer(alice, pending.id, 'accept')).data.code).toBe('FRIEND_REQUEST_NOT_RECIPIENT');
    expect((await answer(bob, 9_999_999, 'accept')).data.code).toBe('NOT_FOUND');
    expect((await answer(bob, 'abc', 'accept')).data.code).toBe('PARAMETER_ERROR');

    const accepted = await answer(bob, pending.id, 'accept');
    expect(accepted.data).toMatchObject({ id: pending.id, state: 'added' });
    expect(accepted.data.decided_at).not.toBeNull();
    // A repeated tap answers the same; changing one's mind does not.
    expect((await answer(bob, pending.id, 'accept')).data).toEqual(accepted.data);
    expect((await answer(bob, pending.id, 'reject')).data.code).toBe('FRIEND_REQUEST_DECIDED');
    expect((await request(alice, { uid: bob.uid })).data.code).toBe('ALREADY_FRIENDS');
    expect((await request(bob, { uid: alice.uid })).data.code).toBe('ALREADY_FRIENDS');

    const aliceFriends = await t.call({ method: 'GET', url: '/api/chat/friends', token: alice.token });
    expect(aliceFriends.data.list).toEqual([expect.objectContaining({ uid: bob.uid, nickname: 'Bob_50%', remark: '' })]);
    const bobFriends = await t.call({ method: 'GET', url: '/api/chat/friends', token: bob.token });
    expect(bobFriends.data.list.map((f: { uid: number }) => f.uid)).toEqual([alice.uid]);
  });

  it('a rejected request can be followed by a new one', async () => {
    const first = await request(carol, { uid: alice.uid, note: 'me?' });
    const rejected = await answer(alice, first.data.id, 'reject');
    expect(rejected.data.state).toBe('rejected');
    expect((await answer(alice, first.data.id, 'accept')).data.code).toBe('FRIEND_REQUEST_DECIDED');
    const second = await request(carol, { uid: alice.uid, note: 'please' });
    expect(second.status).toBe(200);
    await answer(alice, second.data.id, 'reject');
  });

  it('remarks: friends only, trimmed, at most 30 characters', async () => {
    const url = `/api/chat/friends/${bob.uid}/remark`;
    const set = await t.call({ method: 'POST', url, token: alice.token, payload: { remark: '  Bobby ' } });
    expect(set.data).toMatchObject({ uid: bob.uid, remark: 'Bobby' });
    expect((await t.call({ method: 'POST', url, token: alice.token, payload: { remark: 'r'.repeat(31) } })).data.code).toBe('PARAMETER_ERROR');
    expect((await t.call({ method: 'POST', url, token: alice.token, payload: {} })).data.code).toBe('PARAMETER_ERROR');
    const stranger = await t.call({ method: 'POST', url: `/api/chat/friends/${carol.uid}/remark`, token: alice.token, payload: { remark: 'x' } });
    expect(stranger.data.code).toBe('NOT_FRIENDS');
    // Each side keeps its own remark.
    expect((await t.call({ method: 'GET', url: `/api/chat/friends/${alice.uid}`, token: bob.token })).data.remark).toBe('');
    expect((await t.call({ method: 'GET', url: `/api/chat/friends/${bob.uid}`, token: alice.token })).data.remark).toBe('Bobby');
    expect((await t.call({ method: 'GET', url: `/api/chat/friends/${carol.uid}`, token: alice.token })).data.code).toBe('NOT_FRIENDS');
  });

  it('deleting a friend keeps the history and stops new direct messages', async () => {
    const dave = await t.signIn();
    await befriend(t, alice, dave);
    const sent = await send(t, alice, { type: 'user', id: dave.uid }, 'before');
    expect(sent.status).toBe(200);
    const removed = await t.call({ method: 'DELETE', url: `/api/chat/friends/${alice.uid}`, token: dave.token });
    expect(removed.data).toEqual({ uid: alice.uid });
    expect((await t.call({ method: 'DELETE', url: `/api/chat/friends/${dave.uid}`, token: alice.token })).data.code).toBe('NOT_FRIENDS');
    expect((await send(t, alice, { type: 'user', id: dave.uid }, 'after')).data.code).toBe('NOT_FRIENDS');
    expect((await send(t, dave, { type: 'user', id: alice.uid }, 'after')).data.code).toBe('NOT_FRIENDS');
    const history = await t.call({ method: 'GET', url: `/api/chat/messages?type=user&id=${alice.uid}`, token: dave.token });
    expect(history.data.list.map((m: { content: string }) => m.content)).toEqual(['before']);
    const friendsOfDave = await t.call({ method: 'GET', url: '/api/chat/friends', token: dave.token });
    expect(friendsOfDave.data.list).toEqual([]);
  });

  it('requests both ways: accepting one settles both, even when both accept at once', async () => {
    const [x, y] = [await t.signIn(), await t.signIn()];
    const xy = await request(x, { uid: y.uid });
    const yx = await request(y, { uid: x.uid });
    expect(yx.status).toBe(200);
    const [one, two] = await Promise.all([answer(y, xy.data.id, 'accept'), answer(x, yx.data.id, 'accept')]);
    expect(one.data.state).toBe('added');
    expect(two.data.state).toBe('added');
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from chat_friendships where (user_id = ${x.uid} and friend_id = ${y.uid}) or (user_id = ${y.uid} and friend_id = ${x.uid})`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
    const lists = await t.call({ method: 'GET', url: '/api/chat/friend-requests', token: x.token });
    expect([...lists.data.incoming, ...lists.data.outgoing].map((r: { state: string }) => r.state)).toEqual(['added', 'added']);
  });

  it('tells both parties about a request when it is made and when it is answered', async () => {
    const hub = new RecordingHub();
    const [x, y] = [await t.signIn(), await t.signIn()];
    const made = await friends.sendRequest(t.database.db, hub, x.uid, y.uid, 'hello');
    expect(hub.recipients('friend_request')).toEqual([x.uid, y.uid].sort((a, b) => a - b));
    expect(hub.to(y.uid, 'friend_request')[0]!.data).toEqual(made);
    hub.clear();
    const back = await friends.sendRequest(t.database.db, hub, y.uid, x.uid, 'you too');
    hub.clear();
    await friends.accept(t.database.db, hub, y.uid, made.id);
    // Both requests changed: each party hears about each, once.
    for (const user of [x, y]) {
      const seen = hub.to(user.uid, 'friend_request').map((f) => [f.data.id, f.data.state]);
      expect(seen.sort()).toEqual(
        [
          [made.id, 'added'],
          [back.id, 'added'],
        ].sort(),
      );
    }
    hub.clear();
    await friends.accept(t.database.db, hub, y.uid, made.id);
    expect(hub.sent).toEqual([]);
  });
});
