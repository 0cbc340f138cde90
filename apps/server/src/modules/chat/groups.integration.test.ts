import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { chatApi } from '@reef/contract';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';
import { RecordingHub, befriend, clientId, send } from '../../test/chat-kit.js';
import * as chat from './chat.service.js';
import * as groups from './groups.service.js';

describe.each(databaseKinds)('chat groups on %s', (kind) => {
  let t: TestApp, owner: SignedInUser, m1: SignedInUser, m2: SignedInUser, outsider: SignedInUser;
  withTestApp(kind, async (app) => {
    t = app;
    [owner, m1, m2, outsider] = [await t.signIn(), await t.signIn(), await t.signIn(), await t.signIn()];
    await befriend(t, owner, m1);
    await befriend(t, owner, m2);
  });

  const create = (by: SignedInUser, payload: unknown) => t.call({ method: 'POST', url: '/api/chat/groups', token: by.token, payload: payload as object });
  const action = (by: SignedInUser, id: number, what: string, payload?: object) =>
    t.call({ method: 'POST', url: `/api/chat/groups/${id}${what ? `/${what}` : ''}`, token: by.token, ...(payload ? { payload } : {}) });
  const get = (by: SignedInUser, id: number) => t.call({ method: 'GET', url: `/api/chat/groups/${id}`, token: by.token });
  const groupCount = async () => {
    const rows = await t.database.db.execute(sql`select count(*)::int as n from chat_groups`);
    return (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };
  const valid = () => ({ name: 'Reef divers', nickname: 'Captain', announcement: 'Welcome', member_uids: [m1.uid] });

  it('needs a name, a nickname and an announcement, each trimmed, non-empty and short enough', async () => {
    const before = await groupCount();
    for (const field of ['name', 'nickname', 'announcement'] as const) {
      const { [field]: _dropped, ...missing } = valid();
      expect((await create(owner, missing)).data.code).toBe('PARAMETER_ERROR');
      expect((await create(owner, { ...valid(), [field]: '   ' })).data.code).toBe('PARAMETER_ERROR');
      expect((await create(owner, { ...valid(), [field]: 7 })).data.code).toBe('PARAMETER_ERROR');
    }
    expect((await create(owner, { ...valid(), name: 'n'.repeat(chatApi.GROUP_NAME_MAX + 1) })).data.code).toBe('PARAMETER_ERROR');
    expect((await create(owner, { ...valid(), announcement: 'a'.repeat(chatApi.GROUP_ANNOUNCEMENT_MAX + 1) })).data.code).toBe('PARAMETER_ERROR');
    expect((await create(owner, { ...valid(), member_uids: ['x'] })).data.code).toBe('PARAMETER_ERROR');
    expect(await groupCount()).toBe(before);
  });

  it('invitees must be the creator’s friends; nothing is created otherwise', async () => {
    const before = await groupCount();
    expect((await create(owner, { ...valid(), member_uids: [m1.uid, outsider.uid] })).data.code).toBe('NOT_FRIENDS');
    expect((await create(owner, { ...valid(), member_uids: [9_999_999] })).data.code).toBe('NOT_FRIENDS');
    expect(await groupCount()).toBe(before);
  });

  it('creates a group with the owner first; members see it in their list with their role', async () => {
    const res = await create(owner, { ...valid(), name: '  Reef divers ', member_uids: [m1.uid, m1.uid, owner.uid] });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ name: 'Reef divers', announcement: 'Welcome', owner_uid: owner.uid, member_count: 2, my_role: 'owner' });
    expect(res.data.members.map((m: { uid: number; role: string; group_nickname: string }) => [m.uid, m.role, m.group_nickname])).toEqual([
      [owner.uid, 'owner', 'Captain'],
      [m1.uid, 'member', ''],
    ]);
    const mine = await t.call({ method: 'GET', url: '/api/chat/groups', token: m1.token });
    expect(mine.data.list).toEqual([expect.objectContaining({ id: res.data.id, my_role: 'member', member_count: 2 })]);
    const conversations = await t.call({ method: 'GET', url: '/api/chat/conversations', token: m1.token });
    expect(conversations.data.list).toEqual([
      expect.objectContaining({ conversation: { type: 'group', id: res.data.id }, title: 'Reef divers', unread: 0, last_message: null }),
    ]);
  });

  it('outsiders get NOT_GROUP_MEMBER for everything and learn nothing', async () => {
    const g = (await create(owner, valid())).data;
    expect((await get(outsider, g.id)).data).toEqual({ code: 'NOT_GROUP_MEMBER' });
    expect((await get(outsider, 9_999_999)).data).toEqual({ code: 'NOT_GROUP_MEMBER' });
    expect((await send(t, outsider, { type: 'group', id: g.id }, 'let me in')).data.code).toBe('NOT_GROUP_MEMBER');
    const history = await t.call({ method: 'GET', url: `/api/chat/messages?type=group&id=${g.id}`, token: outsider.token });
    expect(history.data.code).toBe('NOT_GROUP_MEMBER');
    const read = await t.call({
      method: 'POST',
      url: '/api/chat/read',
      token: outsider.token,
      payload: { conversation: { type: 'group', id: g.id }, last_id: 1 },
    });
    expect(read.data.code).toBe('NOT_GROUP_MEMBER');
    for (const what of ['invite', 'remove'])
      expect((await action(outsider, g.id, what, { uids: [outsider.uid], uid: m1.uid })).data.code).toBe('NOT_GROUP_MEMBER');
    expect((await action(outsider, g.id, '', { name: 'mine now' })).data.code).toBe('NOT_GROUP_MEMBER');
    expect((await action(outsider, g.id, 'exit')).data.code).toBe('NOT_GROUP_MEMBER');
    expect((await action(outsider, g.id, 'disband')).data.code).toBe('NOT_GROUP_MEMBER');
    expect((await get(owner, g.id)).data.name).toBe('Reef divers');
  });

  it('only the owner edits; an edit needs a field', async () => {
    const g = (await create(owner, valid())).data;
    expect((await action(m1, g.id, '', { name: 'Mutiny' })).data.code).toBe('GROUP_OWNER_ONLY');
    expect((await action(owner, g.id, '', {})).data.code).toBe('PARAMETER_ERROR');
    expect((await action(owner, g.id, '', { announcement: ' ' })).data.code).toBe('PARAMETER_ERROR');
    const edited = await action(owner, g.id, '', { announcement: 'Dive at dawn' });
    expect(edited.data).toMatchObject({ name: 'Reef divers', announcement: 'Dive at dawn' });
  });

  it('members invite their own friends; existing members are skipped; newcomers start with nothing unread', async () => {
    const g = (await create(owner, valid())).data;
    await send(t, owner, { type: 'group', id: g.id }, 'before you came');
    // m1 is not m2's friend: m1 cannot invite m2.
    expect((await action(m1, g.id, 'invite', { uids: [m2.uid] })).data.code).toBe('NOT_FRIENDS');
    expect((await action(m1, g.id, 'invite', { uids: [] })).data.code).toBe('PARAMETER_ERROR');
    const invited = await action(owner, g.id, 'invite', { uids: [m2.uid, m1.uid] });
    expect(invited.data.members.map((m: { uid: number }) => m.uid)).toEqual([owner.uid, m1.uid, m2.uid]);
    const conversations = await t.call({ method: 'GET', url: '/api/chat/conversations', token: m2.token });
    expect(conversations.data.list.find((c: { conversation: { id: number } }) => c.conversation.id === g.id).unread).toBe(0);
    const history = await t.call({ method: 'GET', url: `/api/chat/messages?type=group&id=${g.id}`, token: m2.token });
    expect(history.data.list.map((m: { content: string }) => m.content)).toEqual(['before you came']);
  });

  it('the owner removes members but not themselves; the removed one can no longer post or read', async () => {
    const g = (await create(owner, { ...valid(), member_uids: [m1.uid, m2.uid] })).data;
    expect((await action(m1, g.id, 'remove', { uid: m2.uid })).data.code).toBe('GROUP_OWNER_ONLY');
    expect((await action(owner, g.id, 'remove', { uid: owner.uid })).data.code).toBe('GROUP_OWNER_CANNOT_EXIT');
    expect((await action(owner, g.id, 'remove', { uid: outsider.uid })).data.code).toBe('NOT_FOUND');
    expect((await action(owner, g.id, 'remove', {})).data.code).toBe('PARAMETER_ERROR');
    const removed = await action(owner, g.id, 'remove', { uid: m2.uid });
    expect(removed.data.member_count).toBe(2);
    expect((await send(t, m2, { type: 'group', id: g.id }, 'still here?')).data.code).toBe('NOT_GROUP_MEMBER');
    expect((await get(m2, g.id)).data.code).toBe('NOT_GROUP_MEMBER');
  });

  it('members leave, the owner cannot; a leaver stops counting unread there', async () => {
    const g = (await create(owner, { ...valid(), member_uids: [m1.uid, m2.uid] })).data;
    expect((await action(owner, g.id, 'exit')).data.code).toBe('GROUP_OWNER_CANNOT_EXIT');
    await send(t, owner, { type: 'group', id: g.id }, 'unread for m2');
    const before = (await t.call({ method: 'GET', url: '/api/chat/unread', token: m2.token })).data.total;
    expect((await action(m2, g.id, 'exit')).data).toEqual({ id: g.id });
    expect((await action(m2, g.id, 'exit')).data.code).toBe('NOT_GROUP_MEMBER');
    expect((await t.call({ method: 'GET', url: '/api/chat/unread', token: m2.token })).data.total).toBe(before - 1);
    const list = await t.call({ method: 'GET', url: '/api/chat/groups', token: m2.token });
    expect(list.data.list.map((x: { id: number }) => x.id)).not.toContain(g.id);
  });

  it('only the owner disbands; a disbanded group refuses everything and leaves every list', async () => {
    const g = (await create(owner, valid())).data;
    await send(t, m1, { type: 'group', id: g.id }, 'last words');
    expect((await action(m1, g.id, 'disband')).data.code).toBe('GROUP_OWNER_ONLY');
    expect((await action(owner, g.id, 'disband')).data).toEqual({ id: g.id });
    for (const user of [owner, m1]) {
      expect((await send(t, user, { type: 'group', id: g.id }, 'hello?')).data.code).toBe('GROUP_DISBANDED');
      expect((await get(user, g.id)).data.code).toBe('GROUP_DISBANDED');
      const history = await t.call({ method: 'GET', url: `/api/chat/messages?type=group&id=${g.id}`, token: user.token });
      expect(history.data.code).toBe('GROUP_DISBANDED');
      const groupsList = await t.call({ method: 'GET', url: '/api/chat/groups', token: user.token });
      expect(groupsList.data.list.map((x: { id: number }) => x.id)).not.toContain(g.id);
      const conversations = await t.call({ method: 'GET', url: '/api/chat/conversations', token: user.token });
      expect(conversations.data.list.map((c: { conversation: { id: number; type: string } }) => `${c.conversation.type}${c.conversation.id}`)).not.toContain(
        `group${g.id}`,
      );
    }
    expect((await action(owner, g.id, 'disband')).data.code).toBe('GROUP_DISBANDED');
    expect((await action(owner, g.id, 'invite', { uids: [m2.uid] })).data.code).toBe('GROUP_DISBANDED');
    expect((await t.call({ method: 'GET', url: '/api/chat/unread', token: owner.token })).status).toBe(200);
  });

  it('a full group refuses more members, also when two invitations race for the last seat', async () => {
    const big = await t.signIn();
    // Setup only: 499 friends of `big` written straight to the tables (signing in 499 wallets would take minutes).
    await t.database.db.execute(
      sql`insert into users (account) select '0xeeee' || lpad(to_hex(g), 36, '0') from generate_series(1, ${chatApi.GROUP_MEMBERS_MAX}) g`,
    );
    const ids = (
      (await t.database.db.execute(sql`select id from users where account like '0xeeee%' order by id`)) as unknown as { rows: { id: number }[] }
    ).rows.map((r) => r.id);
    await t.database.db.execute(sql`insert into chat_friendships (user_id, friend_id) select ${big.uid}, id from users where account like '0xeeee%'`);
    const almost = await create(big, { ...valid(), member_uids: ids.slice(0, chatApi.GROUP_MEMBERS_MAX - 2) });
    expect(almost.data.member_count).toBe(chatApi.GROUP_MEMBERS_MAX - 1);
    // One seat left, two invitations at once: the group lock lets exactly one in.
    const racing = await Promise.all([
      action(big, almost.data.id, 'invite', { uids: [ids[chatApi.GROUP_MEMBERS_MAX - 2]] }),
      action(big, almost.data.id, 'invite', { uids: [ids[chatApi.GROUP_MEMBERS_MAX - 1]] }),
    ]);
    expect(racing.filter((r) => r.status === 200)).toHaveLength(1);
    expect(racing.find((r) => r.status !== 200)!.data.code).toBe('GROUP_FULL');
    expect((await get(big, almost.data.id)).data.member_count).toBe(chatApi.GROUP_MEMBERS_MAX);
  });

  it('group events and messages reach current members only, each with their own role', async () => {
    const hub = new RecordingHub();
    const db = t.database.db;
    const created = await groups.createGroup(db, hub, owner.uid, { name: 'Frames', nickname: 'Boss', announcement: 'A', member_uids: [m1.uid] });
    expect(hub.to(owner.uid, 'group_event').map((f) => [f.data.event, f.data.group?.my_role])).toEqual([['created', 'owner']]);
    expect(hub.to(m1.uid, 'group_event').map((f) => [f.data.event, f.data.group?.my_role])).toEqual([['created', 'member']]);

    hub.clear();
    await groups.invite(db, hub, owner.uid, created.id, [m2.uid]);
    expect(hub.recipients('group_event')).toEqual([owner.uid, m1.uid, m2.uid].sort((a, b) => a - b));
    expect(hub.to(m1.uid, 'group_event')[0]!.data).toMatchObject({ event: 'joined', uid: m2.uid, group: { member_count: 3 } });

    hub.clear();
    const message = await chat.sendMessage(
      db,
      hub,
      { id: m1.uid, serviceAgent: false },
      { conversation: { type: 'group', id: created.id }, msg_type: 'text', content: 'all', client_id: clientId() },
    );
    expect(hub.recipients('chat')).toEqual([owner.uid, m1.uid, m2.uid].sort((a, b) => a - b));
    expect(hub.to(m2.uid, 'chat')[0]!.data).toEqual(message);

    hub.clear();
    await chat.markRead(db, hub, { id: m2.uid, serviceAgent: false }, { type: 'group', id: created.id }, message.id);
    expect(hub.recipients('read')).toEqual([owner.uid, m1.uid].sort((a, b) => a - b));

    hub.clear();
    await groups.removeMember(db, hub, owner.uid, created.id, m2.uid);
    expect(hub.to(m2.uid, 'group_event').map((f) => f.data)).toEqual([{ group_id: created.id, event: 'removed', uid: m2.uid, group: null }]);
    expect(hub.to(m1.uid, 'group_event')[0]!.data).toMatchObject({ event: 'removed', uid: m2.uid, group: { member_count: 2 } });

    hub.clear();
    await chat.sendMessage(
      db,
      hub,
      { id: owner.uid, serviceAgent: false },
      { conversation: { type: 'group', id: created.id }, msg_type: 'text', content: 'after', client_id: clientId() },
    );
    expect(hub.recipients('chat')).toEqual([owner.uid, m1.uid].sort((a, b) => a - b));

    hub.clear();
    await groups.exitGroup(db, hub, m1.uid, created.id);
    expect(hub.to(m1.uid, 'group_event').map((f) => f.data.group)).toEqual([null]);
    expect(hub.to(owner.uid, 'group_event')[0]!.data).toMatchObject({ event: 'left', uid: m1.uid });

    hub.clear();
    await groups.disband(db, hub, owner.uid, created.id);
    expect(hub.sent.map((s) => [s.userId, s.frame.type, s.frame.type === 'group_event' && s.frame.data.event])).toEqual([
      [owner.uid, 'group_event', 'disbanded'],
    ]);
  });
});
