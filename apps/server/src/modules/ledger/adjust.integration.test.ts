import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, databaseKinds, type TestApp } from '../../test/harness.js';
import { journalTotals } from './ledger.service.js';

describe.each(databaseKinds)('operator adjustments on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const adjust = (token: string, payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/admin/ledger/adjust', token, payload });

  it('credits and debits a user against the adjustment account, with the operator and memo recorded', async () => {
    const user = await t.signIn();
    const credit = await adjust(t.admin.token, { uid: user.uid, asset: 'fuel', amount: '12.5', memo: 'campaign bonus' });
    expect(credit.data).toMatchObject({ asset: 'fuel', balance: '12.50000000' });
    const debit = await adjust(t.admin.token, { uid: user.uid, asset: 'fuel', amount: '-2.5', memo: 'correction' });
    expect(debit.data.balance).toBe('10.00000000');
    const rows = await t.database.db.execute(sql`select actor_id, memo, kind from journal_entries where id = ${debit.data.entry_id}`);
    expect((rows as unknown as { rows: unknown[] }).rows[0]).toEqual({ actor_id: t.admin.uid, memo: 'correction', kind: 'adjustment' });
    for (const [, total] of await journalTotals(t.database.db)) expect(total).toBe(0n);
  });

  it('refuses a debit below zero, and bad input, changing nothing', async () => {
    const user = await t.signIn();
    await adjust(t.admin.token, { uid: user.uid, asset: 'usdt', amount: '5', memo: 'seed' });
    expect((await adjust(t.admin.token, { uid: user.uid, asset: 'usdt', amount: '-5.00000001', memo: 'x' })).data.code).toBe('INSUFFICIENT_BALANCE');
    const bad: Record<string, unknown>[] = [
      { uid: user.uid, asset: 'usdt', amount: '0', memo: 'x' },
      { uid: user.uid, asset: 'usdt', amount: '1.123456789', memo: 'x' },
      { uid: user.uid, asset: 'usdt', amount: '1', memo: '' },
      { uid: user.uid, asset: 'usdt', amount: '1', memo: 'x'.repeat(201) },
      { uid: user.uid, asset: 'usdt', amount: 1, memo: 'x' },
      { uid: String(user.uid), asset: 'usdt', amount: '1', memo: 'x' },
      { uid: user.uid, asset: 'gold', amount: '1', memo: 'x' },
      { asset: 'usdt', amount: '1', memo: 'x' },
    ];
    for (const payload of bad) expect((await adjust(t.admin.token, payload)).data.code, JSON.stringify(payload)).toBe('PARAMETER_ERROR');
    expect((await adjust(t.admin.token, { uid: 99999999, asset: 'usdt', amount: '1', memo: 'x' })).data.code).toBe('USER_NOT_FOUND');
    const info = await t.call({ method: 'GET', url: '/api/user/info', token: user.token });
    expect(info.data.balances.find((b: { key: string }) => b.key === 'usdt').amount).toBe('5.00000000');
  });

  it('is for admins only', async () => {
    const user = await t.signIn();
    const res = await adjust(user.token, { uid: user.uid, asset: 'usdt', amount: '1000', memo: 'self-service' });
    expect([res.http, res.status, res.data.code]).toEqual([403, 403, 'FORBIDDEN']);
    const info = await t.call({ method: 'GET', url: '/api/user/info', token: user.token });
    expect(info.data.role).toBe('user');
    expect((await t.call({ method: 'GET', url: '/api/user/info', token: t.admin.token })).data.role).toBe('admin');
  });

  it('refuses, at the database, an unbalanced entry and a negative user balance', async () => {
    const user = await t.signIn();
    await expect(
      t.database.db.transaction(async (tx) => {
        const entry = await tx.execute(sql`insert into journal_entries (kind) values ('rogue') returning id`);
        const entryId = (entry as unknown as { rows: { id: number }[] }).rows[0]!.id;
        const account = await tx.execute(sql`select id from ledger_accounts where user_id = ${user.uid} and asset = 'usdt'`);
        const accountId = (account as unknown as { rows: { id: number }[] }).rows[0]!.id;
        await tx.execute(
          sql`insert into postings (entry_id, account_id, user_id, asset, amount, balance_after, kind) values (${entryId}, ${accountId}, ${user.uid}, 'usdt', 1, 1, 'rogue')`,
        );
      }),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`update ledger_accounts set balance = -1 where user_id = ${user.uid} and asset = 'usdt'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from postings`)).rejects.toThrow();
  });
});
