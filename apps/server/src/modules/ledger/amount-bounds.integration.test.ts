/**
 * Issue 9 §3: amounts are bounded by what the ledger holds (numeric(38,8), decision 036). A 30-digit amount
 * used to pass the contract: an admin credit of 30 digits twice overflowed the balance column (HTTP 500), and
 * users could queue 30-digit recharges for review. The contract now refuses any amount of 10^18 or more, and a
 * credit that would still overflow a balance (one built up past that by many entries) is a clear refusal.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UNIT } from '@reef/contract';
import { adjustBalance } from './ledger.service.js';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';

const PASSWORD = '246810';
const THIRTY_DIGITS = '123456789012345678901234567890';
const en = { 'accept-language': 'en' };

describe.each(databaseKinds)('amount bounds on %s', (kind) => {
  let t: TestApp, alice: SignedInUser, bob: SignedInUser;

  withTestApp(kind, async (app) => {
    t = app;
    alice = await t.signInPayer(PASSWORD, { usdt: '1000' });
    bob = await t.signIn();
  });

  const counts = async () =>
    (
      (await t.database.db.execute(
        sql`select (select count(*) from journal_entries)::int as entries, (select count(*) from deposits)::int as deposits, (select count(*) from withdrawals)::int as withdrawals`,
      )) as unknown as { rows: Record<string, number>[] }
    ).rows[0];

  const requests: [string, (amount: string) => { url: string; token: string; payload: Record<string, unknown> }][] = [
    [
      'transfer',
      (amount) => ({ url: '/api/finance/other/trade', token: alice.token, payload: { to: bob.account, amount, asset: 'usdt', password: PASSWORD } }),
    ],
    [
      'recharge voucher',
      (amount) => ({ url: '/api/finance/recharge', token: alice.token, payload: { amount, voucher: `0x${randomBytes(32).toString('hex')}` } }),
    ],
    ['withdrawal', (amount) => ({ url: '/api/finance/extract', token: alice.token, payload: { amount, password: PASSWORD } })],
    ['exchange', (amount) => ({ url: '/api/finance/exchange/usdt/coin', token: alice.token, payload: { amount, min_out: '1' } })],
    ['admin credit', (amount) => ({ url: '/api/admin/ledger/adjust', token: t.admin.token, payload: { uid: alice.uid, asset: 'usdt', amount, memo: 'big' } })],
  ];

  it.each(requests)('refuses a 30-digit amount (and 10^18) on %s with PARAMETER_ERROR, changing nothing', async (_name, request) => {
    const before = await counts();
    for (const amount of [THIRTY_DIGITS, `${THIRTY_DIGITS}.5`, '1000000000000000000']) {
      const res = await t.call({ method: 'POST', ...request(amount), headers: en });
      expect({ http: res.http, status: res.status, data: res.data }).toEqual({ http: 200, status: 400, data: { code: 'PARAMETER_ERROR' } });
    }
    expect(await counts()).toEqual(before);
  });

  it('still takes the largest amount the bound allows', async () => {
    const res = await t.call({ method: 'POST', ...requests[4]![1]('999999999999999999.99999999') });
    expect(res.status).toBe(200);
  });

  it('refuses a credit that would push a balance past the ledger column, changing nothing', async () => {
    // A balance near the column's limit (30 integer digits) is set up through the ledger service itself:
    // through the API it would take a million credits at the bound.
    await t.database.db.transaction((tx) =>
      adjustBalance(tx, { actorId: t.admin.uid, userId: bob.uid, asset: 'coin', amount: (10n ** 30n - 10n ** 17n) * UNIT, memo: 'near the limit' }),
    );
    const before = await counts();
    const info = async () => (await t.call({ method: 'GET', url: '/api/user/info', token: bob.token })).data.balances;
    const balances = await info();

    const res = await t.call({
      method: 'POST',
      url: '/api/admin/ledger/adjust',
      token: t.admin.token,
      payload: { uid: bob.uid, asset: 'coin', amount: '100000000000000000', memo: 'over the top' },
      headers: en,
    });
    expect({ http: res.http, status: res.status, msg: res.msg, data: res.data }).toEqual({
      http: 200,
      status: 400,
      msg: 'The amount would take a balance past what an account can hold',
      data: { code: 'BALANCE_LIMIT_EXCEEDED' },
    });
    expect(await counts()).toEqual(before);
    expect(await info()).toEqual(balances);
  });
});
