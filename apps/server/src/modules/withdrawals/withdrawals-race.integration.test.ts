/**
 * The race a withdrawal must survive: many requests at once against a balance that covers only some of
 * them. PGlite runs one query at a time, so the PostgreSQL run is the one that proves the hold holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { toUnits } from '@reef/contract';
import { journalTotals, systemBalanceUnits } from '../ledger/ledger.service.js';
import { createTestApp, databaseKinds, type SignedInUser, type TestApp } from '../../test/harness.js';

describe.each(databaseKinds)('concurrent withdrawals on %s', (kind) => {
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp(kind, { WITHDRAW_FEE_USDT: '1' });
    user = await t.signIn();
    // Exactly ten withdrawals of 101 with their fee of 1.
    await t.fund(user.uid, 'usdt', String(10 * (101 + 1)));
    await t.call({ method: 'POST', url: '/api/user/password', token: user.token, payload: { password: '135791', confirm: '135791' } });
  });
  afterAll(() => t.close());

  it('50 withdrawals of 101 at once from a balance for 10: exactly 10 pass, the balance ends at 0, the books balance', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.call({ method: 'POST', url: '/api/finance/extract', token: user.token, payload: { amount: '101', password: '135791' } }),
      ),
    );
    const accepted = results.filter((r) => r.status === 200);
    expect(accepted).toHaveLength(10);
    expect(new Set(results.filter((r) => r.status !== 200).map((r) => r.data.code))).toEqual(new Set(['INSUFFICIENT_BALANCE']));
    expect(new Set(accepted.map((r) => r.data.id)).size).toBe(10);

    const info = await t.call({ method: 'GET', url: '/api/user/info', token: user.token });
    expect(info.data.balances.find((b: { key: string }) => b.key === 'usdt').amount).toBe('0.00000000');
    const list = await t.call({ method: 'GET', url: '/api/finance/withdrawals?limit=100', token: user.token });
    expect(list.data.total).toBe(10);
    expect((await systemBalanceUnits(t.database.db, 'pending_withdrawal')).get('usdt')).toBe(toUnits('1020'));

    const negatives = await t.database.db.execute(sql`select count(*)::int as n from ledger_accounts where balance < 0 and not may_go_negative`);
    expect((negatives as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    const totals = await journalTotals(t.database.db);
    expect(totals.get('usdt')).toBe(0n);
    for (const [, total] of totals) expect(total).toBe(0n);
  });
});
