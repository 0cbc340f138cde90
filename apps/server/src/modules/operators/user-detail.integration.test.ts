/**
 * The console's user page beyond the profile (issue 16): the user's journal lines, paged and by asset, each with its
 * journal entry, and their sign-in sessions with which still sign in. Both are operator reads: an ordinary user,
 * even the user in question, is refused, and an unknown uid is USER_NOT_FOUND rather than an empty page.
 */
import { describe, expect, it } from 'vitest';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';

interface Line {
  id: number;
  entry_id: number;
  asset: string;
  amount: string;
  balance_after: string;
  kind: string;
  memo: string;
}

describe.each(databaseKinds)('the console user page on %s', (kind) => {
  let t: TestApp, member: SignedInUser, other: SignedInUser;

  withTestApp({ kind }, async (app) => {
    t = app;
    member = await t.signIn();
    other = await t.signIn();
  });

  const adjust = (uid: number, asset: string, amount: string, memo: string) =>
    t.call({ method: 'POST', url: '/api/admin/ledger/adjust', token: t.admin.token, payload: { uid, asset, amount, memo } });
  const journal = (uid: number, query = '', token = t.admin.token) => t.call({ method: 'GET', url: `/api/admin/users/${uid}/journal${query}`, token });
  const sessions = (uid: number, token = t.admin.token) => t.call({ method: 'GET', url: `/api/admin/users/${uid}/sessions`, token });

  it("lists a user's journal lines newest first, by asset and by page, each with its entry", async () => {
    expect((await adjust(member.uid, 'usdt', '10.5', 'welcome')).status).toBe(200);
    expect((await adjust(member.uid, 'usdt', '-0.25', 'fee back')).status).toBe(200);
    expect((await adjust(member.uid, 'coin', '3', 'gift')).status).toBe(200);

    const all = await journal(member.uid);
    expect(all.status).toBe(200);
    expect(all.data.total).toBe(3);
    const lines = all.data.list as Line[];
    expect(lines.map((l) => [l.asset, l.amount, l.balance_after, l.memo])).toEqual([
      ['coin', '3.00000000', '3.00000000', 'gift'],
      ['usdt', '-0.25000000', '10.25000000', 'fee back'],
      ['usdt', '10.50000000', '10.50000000', 'welcome'],
    ]);
    expect(new Set(lines.map((l) => l.entry_id)).size).toBe(3);
    expect(lines.every((l) => Number.isInteger(l.entry_id) && l.entry_id > 0)).toBe(true);

    const usdt = await journal(member.uid, '?asset=usdt');
    expect((usdt.data.list as Line[]).map((l) => l.amount)).toEqual(['-0.25000000', '10.50000000']);
    expect(usdt.data.total).toBe(2);

    const second = await journal(member.uid, '?page=2&limit=2');
    expect(second.data).toMatchObject({ page: 2, limit: 2, total: 3 });
    expect((second.data.list as Line[]).map((l) => l.memo)).toEqual(['welcome']);

    // Another user's lines are not mixed in.
    expect((await journal(other.uid)).data).toMatchObject({ list: [], total: 0 });
  });

  it("lists a user's sessions and shows the ended ones as ended", async () => {
    const before = await sessions(member.uid);
    expect(before.status).toBe(200);
    expect(before.data.list).toHaveLength(1);
    expect(before.data.list[0]).toMatchObject({ active: true, revoked_at: null });

    const second = await t.signIn(member.wallet);
    const listed = await sessions(member.uid);
    expect(listed.data.list).toHaveLength(2);
    // Newest first.
    expect(listed.data.list[0].id).toBeGreaterThan(listed.data.list[1].id);

    expect((await t.call({ method: 'POST', url: `/api/admin/users/${member.uid}/sessions/revoke`, token: t.admin.token, payload: {} })).status).toBe(200);
    const after = await sessions(member.uid);
    expect(after.data.list.map((s: { active: boolean }) => s.active)).toEqual([false, false]);
    expect(after.data.list.every((s: { revoked_at: string | null }) => typeof s.revoked_at === 'string')).toBe(true);
    expect((await t.call({ method: 'GET', url: '/api/user/info', token: second.token })).status).not.toBe(200);
    // Sessions of other users are untouched and not listed here.
    expect((await sessions(other.uid)).data.list).toEqual([expect.objectContaining({ active: true })]);
  });

  it('refuses an ordinary user, the user in question included, and answers USER_NOT_FOUND for an unknown uid', async () => {
    // The member signs in again: the test above ended their sessions.
    const again = await t.signIn(member.wallet);
    for (const token of [other.token, again.token]) {
      expect((await journal(member.uid, '', token)).http).toBe(403);
      expect((await sessions(member.uid, token)).http).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: `/api/admin/users/${member.uid}/journal` })).http).toBe(401);
    expect((await journal(9_999_999)).data.code).toBe('USER_NOT_FOUND');
    expect((await sessions(9_999_999)).data.code).toBe('USER_NOT_FOUND');
  });

  it('refuses bad input with PARAMETER_ERROR', async () => {
    for (const query of ['?asset=gold', '?page=0', '?limit=101', '?page=abc']) expect((await journal(member.uid, query)).data.code).toBe('PARAMETER_ERROR');
    for (const id of ['0', '-1', 'x', '1.5']) {
      expect((await t.call({ method: 'GET', url: `/api/admin/users/${id}/journal`, token: t.admin.token })).data.code).toBe('PARAMETER_ERROR');
      expect((await t.call({ method: 'GET', url: `/api/admin/users/${id}/sessions`, token: t.admin.token })).data.code).toBe('PARAMETER_ERROR');
    }
  });
});
