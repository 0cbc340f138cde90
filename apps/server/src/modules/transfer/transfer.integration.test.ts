import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PAY_PASSWORD_MAX_FAILURES, toUnits } from '@reef/contract';
import { journalTotals } from '../ledger/ledger.service.js';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';

const PASSWORD = '135790';

describe.each(databaseKinds)('transfers between users on %s', (kind) => {
  let t: TestApp, alice: SignedInUser, bob: SignedInUser;
  withTestApp({ kind, env: { TRANSFER_FEE_RATE: '0.01' } }, async (app) => {
    t = app;
    alice = await t.signInPayer(PASSWORD, { usdt: '100' });
    bob = await t.signIn();
  });
  /** A transfer with the sender's password unless the payload says otherwise. */
  const transfer = (from: SignedInUser, payload: Record<string, unknown>, key?: string, language = 'zh-tw') =>
    t.call({
      method: 'POST',
      url: '/api/finance/other/trade',
      token: from.token,
      payload: { password: PASSWORD, ...payload },
      headers: { 'accept-language': language, ...(key ? { 'idempotency-key': key } : {}) },
    });
  const balance = async (user: SignedInUser, asset: string) =>
    (await t.call({ method: 'GET', url: '/api/user/info', token: user.token })).data.balances.find((b: { key: string }) => b.key === asset).amount;
  const entries = async () =>
    ((await t.database.db.execute(sql`select count(*)::int as n from journal_entries`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

  it('moves the amount, charges the fee to the sender, and both see it in their bills', async () => {
    const res = await transfer(alice, { to: bob.account, amount: '10.5', asset: 'usdt' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ asset: 'usdt', amount: '10.50000000', fee: '0.10500000', balance: '89.39500000' });
    expect(await balance(alice, 'usdt')).toBe('89.39500000');
    expect(await balance(bob, 'usdt')).toBe('10.50000000');

    const aliceBills = await t.call({ method: 'GET', url: '/api/finance/bill/usdt', token: alice.token });
    expect(aliceBills.data.list.slice(0, 3).map((l: { kind: string; amount: string }) => [l.kind, l.amount])).toEqual([
      ['transfer_fee', '-0.10500000'],
      ['transfer_out', '-10.50000000'],
      ['adjustment', '100.00000000'],
    ]);
    expect(aliceBills.data.list[0].balance_after).toBe('89.39500000');
    const bobBills = await t.call({ method: 'GET', url: '/api/finance/bill/all', token: bob.token });
    expect(bobBills.data.list).toHaveLength(1);
    // The recipient's line names the sender as the sender's names the recipient.
    expect(bobBills.data.list[0]).toMatchObject({
      kind: 'transfer_in',
      amount: '10.50000000',
      balance_after: '10.50000000',
      asset: 'usdt',
      memo: alice.account.toLowerCase(),
    });
    expect(aliceBills.data.list[1].memo).toBe(bob.account.toLowerCase());
  });

  it('sends to a uid as to an address', async () => {
    const before = toUnits(await balance(bob, 'usdt'));
    const res = await transfer(alice, { to: String(bob.uid), amount: '1', asset: 'usdt' });
    expect(res.status).toBe(200);
    expect(toUnits(await balance(bob, 'usdt'))).toBe(before + toUnits('1'));
    // Named by uid, the sender's line still records the recipient's wallet (recent recipients read it).
    const aliceBills = await t.call({ method: 'GET', url: '/api/finance/bill/usdt', token: alice.token });
    expect(aliceBills.data.list[1]).toMatchObject({ kind: 'transfer_out', amount: '-1.00000000', memo: bob.account.toLowerCase() });
  });

  it('refuses bad amounts, assets and passwords with a parameter error, moving nothing', async () => {
    const before = await balance(alice, 'usdt');
    const bad: Record<string, unknown>[] = [
      { to: bob.account, asset: 'usdt' },
      { amount: '1', asset: 'usdt' },
      { to: bob.account, amount: '1' },
      { to: bob.account, amount: '0', asset: 'usdt' },
      { to: bob.account, amount: '0.00000000', asset: 'usdt' },
      { to: bob.account, amount: '-1', asset: 'usdt' },
      { to: bob.account, amount: '1.000000001', asset: 'usdt' },
      { to: bob.account, amount: 'abc', asset: 'usdt' },
      { to: bob.account, amount: '1e3', asset: 'usdt' },
      { to: bob.account, amount: 1, asset: 'usdt' },
      { to: bob.account, amount: '1'.repeat(31), asset: 'usdt' },
      { to: bob.account, amount: '1', asset: 'doge' },
      { to: bob.uid, amount: '1', asset: 'usdt' },
      { to: 'x'.repeat(65), amount: '1', asset: 'usdt' },
      { to: `${bob.account}\u0000`, amount: '1', asset: 'usdt' },
      { to: bob.account, amount: '1', asset: 'usdt', password: '12345' },
      { to: bob.account, amount: '1', asset: 'usdt', password: 135790 },
    ];
    for (const payload of bad) {
      const res = await transfer(alice, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.msg).toBe('參數錯誤');
      expect(res.data.code).toBe('PARAMETER_ERROR');
    }
    expect(await balance(alice, 'usdt')).toBe(before);
  });

  it('refuses a transfer without the transaction password, moving nothing', async () => {
    const before = await balance(alice, 'usdt');
    const entriesBefore = await entries();
    const res = await t.call({
      method: 'POST',
      url: '/api/finance/other/trade',
      token: alice.token,
      payload: { to: bob.account, amount: '1', asset: 'usdt' },
    });
    expect(res.status).toBe(400);
    expect(res.data.code).toBe('PARAMETER_ERROR');
    expect(await balance(alice, 'usdt')).toBe(before);
    expect(await entries()).toBe(entriesBefore);
  });

  it('refuses a wrong password with its own message; the balance stays; the right one then works', async () => {
    const before = await balance(alice, 'usdt');
    const bobBefore = await balance(bob, 'usdt');
    const wrong = await transfer(alice, { to: bob.account, amount: '1', asset: 'usdt', password: '000000' }, undefined, 'en-us');
    expect(wrong.status).toBe(400);
    expect(wrong.msg).toBe('Incorrect transaction password');
    expect(wrong.data).toEqual({ code: 'PAY_PASSWORD_WRONG', attempts_left: PAY_PASSWORD_MAX_FAILURES - 1 });
    expect(await balance(alice, 'usdt')).toBe(before);
    expect(await balance(bob, 'usdt')).toBe(bobBefore);
    // A success resets the count.
    expect((await transfer(alice, { to: bob.account, amount: '1', asset: 'usdt' })).status).toBe(200);
    const again = await transfer(alice, { to: bob.account, amount: '1', asset: 'usdt', password: '000000' });
    expect(again.data.attempts_left).toBe(PAY_PASSWORD_MAX_FAILURES - 1);
    expect((await transfer(alice, { to: bob.account, amount: '0.5', asset: 'usdt' })).status).toBe(200);
  });

  it('locks the password after the maximum wrong tries, for transfers and withdrawals alike; nothing moves', async () => {
    const carol = await t.signIn();
    await t.fund(carol.uid, 'usdt', '500');
    await t.setPayPassword(carol, PASSWORD);
    const bobBefore = await balance(bob, 'usdt');
    for (let i = 1; i < PAY_PASSWORD_MAX_FAILURES; i++) {
      const res = await transfer(carol, { to: bob.account, amount: '1', asset: 'usdt', password: '111111' });
      expect(res.data).toEqual({ code: 'PAY_PASSWORD_WRONG', attempts_left: PAY_PASSWORD_MAX_FAILURES - i });
    }
    const last = await transfer(carol, { to: bob.account, amount: '1', asset: 'usdt', password: '111111' }, undefined, 'en-us');
    expect(last.data.code).toBe('PAY_PASSWORD_LOCKED');
    expect(last.msg).toBe('Too many wrong attempts: the transaction password is locked for 15 minutes');
    // Locked: even the right password is refused, on the transfer and on the withdrawal (one lock-out).
    expect((await transfer(carol, { to: bob.account, amount: '1', asset: 'usdt' })).data.code).toBe('PAY_PASSWORD_LOCKED');
    const withdrawal = await t.call({ method: 'POST', url: '/api/finance/extract', token: carol.token, payload: { amount: '150', password: PASSWORD } });
    expect(withdrawal.data.code).toBe('PAY_PASSWORD_LOCKED');
    expect(await balance(carol, 'usdt')).toBe('500.00000000');
    expect(await balance(bob, 'usdt')).toBe(bobBefore);
    // Once the lock has passed, the right password works again.
    await t.database.db.execute(sql`update users set pay_password_locked_until = now() - interval '1 second' where id = ${carol.uid}`);
    expect((await transfer(carol, { to: bob.account, amount: '1', asset: 'usdt' })).status).toBe(200);
  });

  it('without a transaction password set, refuses with PAY_PASSWORD_NOT_SET and moves nothing', async () => {
    const dave = await t.signIn();
    await t.fund(dave.uid, 'usdt', '10');
    const res = await transfer(dave, { to: bob.account, amount: '1', asset: 'usdt' }, undefined, 'en-us');
    expect(res.data.code).toBe('PAY_PASSWORD_NOT_SET');
    expect(res.msg).toBe('Please set a transaction password first');
    expect(await balance(dave, 'usdt')).toBe('10.00000000');
  });

  it('refuses a malformed recipient, an unknown one, oneself, and more than the balance holds', async () => {
    const before = await balance(alice, 'usdt');
    for (const to of ['bob', '0x1234', '0', '-5', '2147483648', '12 34', 'not an address']) {
      const res = await transfer(alice, { to, amount: '1', asset: 'usdt' }, undefined, 'en-us');
      expect(res.data.code, to).toBe('RECIPIENT_INVALID');
      expect(res.msg).toBe('Not a valid address or uid');
    }
    const unknown = await transfer(alice, { to: '0x000000000000000000000000000000000000dEaD', amount: '1', asset: 'usdt' }, undefined, 'en-us');
    expect(unknown.data.code).toBe('RECIPIENT_NOT_FOUND');
    expect(unknown.msg).toBe('No such user: no one has this address or uid');
    expect((await transfer(alice, { to: '2147483647', amount: '1', asset: 'usdt' })).data.code).toBe('RECIPIENT_NOT_FOUND');
    expect((await transfer(alice, { to: alice.account, amount: '1', asset: 'usdt' })).data.code).toBe('SELF_TRANSFER');
    expect((await transfer(alice, { to: String(alice.uid), amount: '1', asset: 'usdt' })).data.code).toBe('SELF_TRANSFER');
    // The fee counts too: the whole balance cannot leave when a fee is due.
    const all = await transfer(alice, { to: bob.account, amount: before, asset: 'usdt' });
    expect(all.data.code).toBe('INSUFFICIENT_BALANCE');
    expect((await transfer(alice, { to: bob.account, amount: '1', asset: 'coin' })).data.code).toBe('INSUFFICIENT_BALANCE');
    expect(await balance(alice, 'usdt')).toBe(before);
  });

  it('replays the first answer for a repeated Idempotency-Key and never moves money twice', async () => {
    const before = toUnits(await balance(alice, 'usdt'));
    const payload = { to: bob.account, amount: '1', asset: 'usdt' };
    const key = 'transfer-key-0001';
    const results = await Promise.all([transfer(alice, payload, key), transfer(alice, payload, key), transfer(alice, payload, key)]);
    for (const r of results) expect(r.data).toEqual(results[0]!.data);
    expect(toUnits(await balance(alice, 'usdt'))).toBe(before - toUnits('1.01'));

    const reused = await transfer(alice, { ...payload, amount: '2' }, key);
    expect(reused.data.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await transfer(alice, payload, 'short')).data.code).toBe('PARAMETER_ERROR');
    // A replay is no way around the password: the key alone does not stand in for it.
    expect((await transfer(alice, { ...payload, password: '000000' }, key)).data.code).toBe('PAY_PASSWORD_WRONG');
    expect(toUnits(await balance(alice, 'usdt'))).toBe(before - toUnits('1.01'));
    // A success clears the wrong try above, so later tests start from a clean count.
    expect((await transfer(alice, payload, key)).data).toEqual(results[0]!.data);
  });

  it('keeps the books balanced: every asset sums to zero', async () => {
    for (const [, total] of await journalTotals(t.database.db)) expect(total).toBe(0n);
  });
});

describe.each(databaseKinds)('recipient preview and recent recipients on %s', (kind) => {
  let t: TestApp, alice: SignedInUser, bob: SignedInUser, carol: SignedInUser;
  withTestApp({ kind, env: { RECIPIENT_LOOKUPS_PER_MINUTE: '12' } }, async (app) => {
    t = app;
    [alice, bob, carol] = [await t.signIn(), await t.signIn(), await t.signIn()];
    await t.database.db.execute(sql`update users set nickname = 'Bob the builder' where id = ${bob.uid}`);
  });

  const preview = (user: SignedInUser, to: string, language = 'en-us') =>
    t.call({ method: 'GET', url: `/api/transfer/recipient?to=${encodeURIComponent(to)}`, token: user.token, headers: { 'accept-language': language } });
  const masked = (account: string) => `${account.slice(0, 4)}...${account.slice(-4)}`;

  it('names the recipient by uid or address: nickname, uid, the masked address and the picture only', async () => {
    for (const to of [String(bob.uid), bob.account, bob.account.toLowerCase(), ` ${bob.uid} `]) {
      const res = await preview(alice, to);
      expect(res.status, to).toBe(200);
      expect(res.data).toEqual({ uid: bob.uid, nickname: 'Bob the builder', address: masked(bob.account), avatar: null });
    }
    expect((await preview(alice, String(carol.uid))).data).toEqual({ uid: carol.uid, nickname: '', address: masked(carol.account), avatar: null });
  });

  it('says "no such user", "not a valid address or uid", or refuses oneself', async () => {
    const unknown = await preview(alice, '0x000000000000000000000000000000000000dEaD');
    expect(unknown.data.code).toBe('RECIPIENT_NOT_FOUND');
    expect(unknown.msg).toBe('No such user: no one has this address or uid');
    expect((await preview(alice, '2147483647')).data.code).toBe('RECIPIENT_NOT_FOUND');
    const invalid = await preview(alice, '0xnope', 'zh-tw');
    expect(invalid.data.code).toBe('RECIPIENT_INVALID');
    expect(invalid.msg).toBe('不是有效的地址或 UID');
    expect((await preview(alice, String(alice.uid))).data.code).toBe('SELF_TRANSFER');
    const signedOut = await t.call({ method: 'GET', url: `/api/transfer/recipient?to=${bob.uid}` });
    expect(signedOut.http).toBe(401);
  });

  it('limits previews per user per minute; another user keeps their own budget', async () => {
    // Earlier tests spent 9 of alice's 12; the 13th in the minute is refused.
    let answered = 0;
    let refused = 0;
    for (let i = 0; i < 6; i++) {
      const res = await preview(alice, String(bob.uid));
      if (res.status === 200) answered++;
      else if (res.data?.code === 'TOO_FREQUENT') refused++;
    }
    expect(answered).toBe(3);
    expect(refused).toBe(3);
    expect((await preview(carol, String(bob.uid))).status).toBe(200);
  });

  it('lists recent recipients newest first, each once, from the caller own transfers only', async () => {
    const password = '246801';
    await t.call({ method: 'POST', url: '/api/user/password', token: carol.token, payload: { password, confirm: password } });
    await t.fund(carol.uid, 'usdt', '10');
    const send = (to: string) =>
      t.call({ method: 'POST', url: '/api/finance/other/trade', token: carol.token, payload: { to, amount: '1', asset: 'usdt', password } });
    expect((await send(bob.account)).status).toBe(200);
    expect((await send(String(alice.uid))).status).toBe(200);
    expect((await send(String(bob.uid))).status).toBe(200);
    const recent = await t.call({ method: 'GET', url: '/api/transfer/recent', token: carol.token });
    expect(recent.data.list).toEqual([
      { uid: bob.uid, nickname: 'Bob the builder', address: masked(bob.account), avatar: null },
      { uid: alice.uid, nickname: '', address: masked(alice.account), avatar: null },
    ]);
    // Alice received but sent nothing: her list is empty.
    expect((await t.call({ method: 'GET', url: '/api/transfer/recent', token: alice.token })).data.list).toEqual([]);
  });
});

describe.each(databaseKinds)('bills on %s', (kind) => {
  let t: TestApp, user: SignedInUser, other: SignedInUser;
  withTestApp(kind, async (app) => {
    t = app;
    user = await t.signIn();
    other = await t.signIn();
    for (let i = 1; i <= 5; i++) await t.fund(user.uid, 'coin', String(i));
    await t.fund(user.uid, 'game', '7');
    await t.fund(other.uid, 'coin', '1000');
  });

  const bills = (type: string, query = '') => t.call({ method: 'GET', url: `/api/finance/bill/${type}${query}`, token: user.token });

  it('lists newest first, paginated, filtered by asset, only the caller own lines', async () => {
    const page1 = await bills('coin', '?page=1&limit=2');
    expect(page1.data).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(page1.data.list.map((l: { amount: string }) => l.amount)).toEqual(['5.00000000', '4.00000000']);
    const page3 = await bills('coin', '?page=3&limit=2');
    expect(page3.data.list.map((l: { amount: string }) => l.amount)).toEqual(['1.00000000']);
    const all = await bills('all');
    expect(all.data.total).toBe(6);
    expect(all.data.list[0]).toMatchObject({ asset: 'game', amount: '7.00000000', balance_after: '7.00000000', kind: 'adjustment', memo: 'test funding' });
    expect(all.data.list.some((l: { amount: string }) => l.amount === '1000.00000000')).toBe(false);
    expect((await bills('usdt')).data).toMatchObject({ total: 0, list: [] });
  });

  it('refuses an unknown type and bad paging', async () => {
    for (const [type, query] of [
      ['doge', ''],
      ['coin', '?page=0'],
      ['coin', '?limit=1000'],
      ['coin', '?page=abc'],
      ['coin', '?limit=-1'],
    ] as const) {
      const res = await bills(type, query);
      expect(res.data.code, `${type}${query}`).toBe('PARAMETER_ERROR');
    }
  });
});
