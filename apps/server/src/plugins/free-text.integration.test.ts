/**
 * Issue 9 §3: a NUL byte (or another control character, or a lone surrogate) in any free-text field is refused by
 * the contract's one text schema with PARAMETER_ERROR before anything runs; before, PostgreSQL refused the NUL
 * and the request ended as an HTTP 500. Every table's content is fingerprinted before and after each request,
 * so "nothing changed" covers the whole database, not one row.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { befriend, clientId } from '../test/chat-kit.js';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../test/harness.js';

const PASSWORD = '246810';
const en = { 'accept-language': 'en' };

describe.each(databaseKinds)('free text with control characters on %s', (kind) => {
  let t: TestApp, alice: SignedInUser, bob: SignedInUser;
  let groupId: number;
  let withdrawalId: number;
  let depositId: number;

  withTestApp(kind, async (app) => {
    t = app;
    alice = await t.signIn();
    bob = await t.signIn();
    await befriend(t, alice, bob);
    const group = await t.call({
      method: 'POST',
      url: '/api/chat/groups',
      token: alice.token,
      payload: { name: 'Reef', nickname: 'Al', announcement: 'Hello', member_uids: [bob.uid] },
    });
    groupId = group.data.id;
    await t.fund(alice.uid, 'usdt', '1000');
    await t.call({ method: 'POST', url: '/api/user/password', token: alice.token, payload: { password: PASSWORD, confirm: PASSWORD } });
    const withdrawal = await t.call({ method: 'POST', url: '/api/finance/extract', token: alice.token, payload: { amount: '150', password: PASSWORD } });
    withdrawalId = withdrawal.data.id;
    const deposit = await t.call({
      method: 'POST',
      url: '/api/finance/recharge',
      token: alice.token,
      payload: { amount: '20', voucher: `0x${randomBytes(32).toString('hex')}` },
    });
    depositId = deposit.data.id;
    expect([group.status, withdrawal.status, deposit.status]).toEqual([200, 200, 200]);
  });

  /** Every table's rows, hashed; sessions are left out (reading them refreshes nothing, but a sign-in would). */
  const fingerprint = async () => {
    const tables = (await t.database.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )) as unknown as { rows: { name: string }[] };
    const sums: Record<string, string> = {};
    for (const { name } of tables.rows) {
      const row = (await t.database.db.execute(
        sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as sum from "${name}" x`),
      )) as unknown as { rows: { sum: string | null }[] };
      sums[name] = row.rows[0]!.sum ?? '';
    }
    return sums;
  };

  type Case = { field: string; request: (text: string) => { method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown>; token: string } };
  const cases: Case[] = [
    {
      field: 'chat text',
      request: (text) => ({
        method: 'POST',
        url: '/api/chat/messages',
        token: alice.token,
        payload: { conversation: { type: 'user', id: bob.uid }, msg_type: 'text', content: text, client_id: clientId() },
      }),
    },
    { field: 'group name', request: (text) => ({ method: 'POST', url: `/api/chat/groups/${groupId}`, token: alice.token, payload: { name: text } }) },
    {
      field: 'group announcement',
      request: (text) => ({ method: 'POST', url: `/api/chat/groups/${groupId}`, token: alice.token, payload: { announcement: text } }),
    },
    {
      field: 'group nickname',
      request: (text) => ({ method: 'POST', url: '/api/chat/groups', token: alice.token, payload: { name: 'G', nickname: text, announcement: 'A' } }),
    },
    {
      field: 'new group name',
      request: (text) => ({ method: 'POST', url: '/api/chat/groups', token: alice.token, payload: { name: text, nickname: 'N', announcement: 'A' } }),
    },
    {
      field: 'friend remark',
      request: (text) => ({ method: 'POST', url: `/api/chat/friends/${bob.uid}/remark`, token: alice.token, payload: { remark: text } }),
    },
    {
      field: 'friend request note',
      request: (text) => ({ method: 'POST', url: '/api/chat/friend-requests', token: bob.token, payload: { uid: t.admin.uid, note: text } }),
    },
    { field: 'search', request: (text) => ({ method: 'GET', url: `/api/chat/search?q=${encodeURIComponent(text)}`, token: alice.token }) },
    { field: 'AI question', request: (text) => ({ method: 'POST', url: '/api/ai/chat', token: alice.token, payload: { message: text } }) },
    {
      field: 'admin memo',
      request: (text) => ({
        method: 'POST',
        url: '/api/admin/ledger/adjust',
        token: t.admin.token,
        payload: { uid: alice.uid, asset: 'usdt', amount: '5', memo: text },
      }),
    },
    {
      field: 'withdrawal reject reason',
      request: (text) => ({ method: 'POST', url: `/api/admin/withdrawals/${withdrawalId}/reject`, token: t.admin.token, payload: { reason: text } }),
    },
    {
      field: 'deposit reject reason',
      request: (text) => ({ method: 'POST', url: `/api/admin/deposits/${depositId}/reject`, token: t.admin.token, payload: { reason: text } }),
    },
  ];

  const bad: [string, string][] = [
    ['NUL', 'a\u0000b'],
    ['escape (C0)', 'a\u001bb'],
    ['DEL', 'a\u007fb'],
    ['C1 control', 'a\u0085b'],
    ['lone surrogate', 'a\ud800b'],
  ];

  it.each(cases)('refuses NUL and the other control characters in the $field with PARAMETER_ERROR, changing nothing', async ({ request }) => {
    const before = await fingerprint();
    for (const [what, text] of bad) {
      // A URL carries bytes: a lone surrogate cannot be written in a query string (the decoder yields U+FFFD).
      if (what === 'lone surrogate' && request('x').method === 'GET') continue;
      const res = await t.call({ ...request(text), headers: en });
      expect({ http: res.http, status: res.status, msg: res.msg, data: res.data }).toEqual({
        http: 200,
        status: 400,
        msg: 'Parameter error',
        data: { code: 'PARAMETER_ERROR' },
      });
    }
    expect(await fingerprint()).toEqual(before);
  });

  it('keeps line breaks and tabs where text has several lines, and emoji with joiners everywhere', async () => {
    const text = await t.call({ ...cases[0]!.request('one\n\ttwo 👩‍👩‍👧'), headers: en });
    expect(text.status).toBe(200);
    expect(text.data.content).toBe('one\n\ttwo 👩‍👩‍👧');
    const name = await t.call({ ...cases[1]!.request('Reef 👩‍👩‍👧'), headers: en });
    expect(name.data.name).toBe('Reef 👩‍👩‍👧');
    // A group name is one line: a line break is refused there.
    expect((await t.call({ ...cases[1]!.request('Re\nef'), headers: en })).data).toEqual({ code: 'PARAMETER_ERROR' });
  });
});
