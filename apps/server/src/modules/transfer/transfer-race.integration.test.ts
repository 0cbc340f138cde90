/**
 * The race that loses money when a balance is read, checked, then written: 200 transfers of 1 at once
 * from an account holding 50. PGlite runs one query at a time, so the PostgreSQL run is the one that
 * proves the conditional update holds under real concurrency. Every transfer carries the transaction password,
 * so the password check (one at a time per user, decision 013) runs in front of each of them; transfers waiting at
 * once commit together (decision 125), so these races also cross the groups' edges.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { journalTotals } from '../ledger/ledger.service.js';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';

const PASSWORD = '864209';

describe.each(databaseKinds)('concurrent transfers on %s', (kind) => {
  let t: TestApp, sender: SignedInUser, recipients: SignedInUser[];
  withTestApp(kind, async (app) => {
    t = app;
    sender = await t.signInPayer(PASSWORD, { usdt: '50' });
    recipients = [await t.signIn(), await t.signIn(), await t.signIn()];
  });

  it('200 transfers of 1 from 50: exactly 50 succeed, nothing goes negative, the books balance', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.call({
          method: 'POST',
          url: '/api/finance/other/trade',
          token: sender.token,
          payload: { to: recipients[i % recipients.length]!.account, amount: '1', asset: 'usdt', password: PASSWORD },
        }),
      ),
    );
    const succeeded = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 400);
    expect(succeeded).toHaveLength(50);
    expect(refused).toHaveLength(150);
    expect(new Set(refused.map((r) => r.data.code))).toEqual(new Set(['INSUFFICIENT_BALANCE']));

    const negatives = await t.database.db.execute(sql`select count(*)::int as n from ledger_accounts where user_id is not null and balance < 0`);
    expect((negatives as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    const info = await t.call({ method: 'GET', url: '/api/user/info', token: sender.token });
    expect(info.data.balances.find((b: { key: string }) => b.key === 'usdt').amount).toBe('0.00000000');
    let received = 0n;
    for (const r of recipients) {
      const ri = await t.call({ method: 'GET', url: '/api/user/info', token: r.token });
      received += BigInt(ri.data.balances.find((b: { key: string }) => b.key === 'usdt').amount.replace('.', ''));
    }
    expect(received).toBe(50n * 10n ** 8n);
    const totals = await journalTotals(t.database.db);
    expect(totals.size).toBeGreaterThan(0);
    for (const [, total] of totals) expect(total).toBe(0n);
  });

  it('opposite transfers between two users at once neither deadlock nor lose money', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    await t.fund(a.uid, 'coin', '20');
    await t.fund(b.uid, 'coin', '20');
    await t.setPayPassword(a, PASSWORD);
    await t.setPayPassword(b, PASSWORD);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
        return t.call({
          method: 'POST',
          url: '/api/finance/other/trade',
          token: from.token,
          payload: { to: to.account, amount: '1', asset: 'coin', password: PASSWORD },
        });
      }),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const sum = async (u: SignedInUser) =>
      (await t.call({ method: 'GET', url: '/api/user/info', token: u.token })).data.balances.find((x: { key: string }) => x.key === 'coin').amount;
    expect([await sum(a), await sum(b)]).toEqual(['20.00000000', '20.00000000']);
  });

  it('counts wrong passwords sent at once one by one: 4 wrong, then locked, the right one too; nothing moves', async () => {
    const payer = await t.signInPayer(PASSWORD, { usdt: '10' });
    const send = (password: string) =>
      t.call({
        method: 'POST',
        url: '/api/finance/other/trade',
        token: payer.token,
        payload: { to: String(recipients[0]!.uid), amount: '1', asset: 'usdt', password },
      });
    const wrong = await Promise.all(Array.from({ length: 6 }, () => send('111111')));
    const codes = wrong.map((r) => r.data.code).sort();
    expect(codes).toEqual([
      'PAY_PASSWORD_LOCKED',
      'PAY_PASSWORD_LOCKED',
      'PAY_PASSWORD_WRONG',
      'PAY_PASSWORD_WRONG',
      'PAY_PASSWORD_WRONG',
      'PAY_PASSWORD_WRONG',
    ]);
    const right = await send(PASSWORD);
    expect(right.data.code).toBe('PAY_PASSWORD_LOCKED');
    const info = await t.call({ method: 'GET', url: '/api/user/info', token: payer.token });
    expect(info.data.balances.find((b: { key: string }) => b.key === 'usdt').amount).toBe('10.00000000');
  });
});
