import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toUnits } from '@reef/contract';
import { journalTotals, systemBalanceUnits } from '../ledger/ledger.service.js';
import { createTestApp, databaseKinds, type SignedInUser, type TestApp } from '../../test/harness.js';

const PASSWORD = '246810';
const HASH_A = `0x${'ab'.repeat(32)}`;
const HASH_B = `0x${'CD'.repeat(32)}`;

describe.each(databaseKinds)('withdrawals on %s', (kind) => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp(kind, { WITHDRAW_FEE_USDT: '1', WITHDRAW_FEE_COIN: '10' });
    alice = await t.signIn();
    bob = await t.signIn();
    await t.fund(alice.uid, 'usdt', '1000');
    await t.fund(alice.uid, 'coin', '500');
    await t.fund(bob.uid, 'usdt', '1000');
  });
  afterAll(() => t.close());

  const setPassword = (user: SignedInUser, password = PASSWORD) =>
    t.call({ method: 'POST', url: '/api/user/password', token: user.token, payload: { password, confirm: password } });
  const withdraw = (user: SignedInUser, payload: Record<string, unknown>, options: { asset?: 'usdt' | 'coin'; key?: string } = {}) =>
    t.call({
      method: 'POST',
      url: options.asset === 'coin' ? '/api/token/extract' : '/api/finance/extract',
      token: user.token,
      payload,
      headers: options.key ? { 'idempotency-key': options.key } : {},
    });
  const balance = async (user: SignedInUser, asset: string) =>
    (await t.call({ method: 'GET', url: '/api/user/info', token: user.token })).data.balances.find((b: { key: string }) => b.key === asset).amount;
  const review = (id: number, action: 'approve' | 'reject', payload: Record<string, unknown>, token = t.admin.token) =>
    t.call({ method: 'POST', url: `/api/admin/withdrawals/${id}/${action}`, token, payload });
  const held = async (asset: string) => (await systemBalanceUnits(t.database.db, 'pending_withdrawal')).get(asset) ?? 0n;

  it('shows the rules before confirming: minimum (exclusive), fee and balance, per asset', async () => {
    const usdt = await t.call({ method: 'GET', url: '/api/finance/extract', token: alice.token });
    expect(usdt.data).toEqual({ asset: 'usdt', min_exclusive: '100.00000000', fee: '1.00000000', balance: '1000.00000000' });
    const coin = await t.call({ method: 'GET', url: '/api/token/extract', token: alice.token });
    expect(coin.data).toEqual({ asset: 'coin', min_exclusive: '100.00000000', fee: '10.00000000', balance: '500.00000000' });
    expect((await t.call({ method: 'GET', url: '/api/finance/extract' })).http).toBe(401);
  });

  it('needs a transaction password first', async () => {
    const res = await withdraw(alice, { amount: '200', password: PASSWORD }, { asset: 'usdt' });
    expect(res.data.code).toBe('PAY_PASSWORD_NOT_SET');
    expect(await balance(alice, 'usdt')).toBe('1000.00000000');
    expect((await setPassword(alice)).status).toBe(200);
    expect((await setPassword(bob)).status).toBe(200);
  });

  it('refuses exactly 100 and accepts 100.00000001, holding amount + fee', async () => {
    for (const amount of ['100', '100.00000000', '99.99999999', '0.00000001']) {
      const res = await withdraw(alice, { amount, password: PASSWORD }, { asset: 'usdt' });
      expect(res.data, amount).toEqual({ code: 'WITHDRAWAL_AMOUNT_TOO_SMALL', min_exclusive: '100.00000000' });
    }
    const en = await t.call({
      method: 'POST',
      url: '/api/finance/extract',
      token: alice.token,
      payload: { amount: '100', password: PASSWORD },
      headers: { 'accept-language': 'en-us' },
    });
    expect(en.msg).toBe('Withdrawal failed: the amount must be greater than 100');
    expect(await balance(alice, 'usdt')).toBe('1000.00000000');

    const res = await withdraw(alice, { amount: '100.00000001', password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      asset: 'usdt',
      amount: '100.00000001',
      fee: '1.00000000',
      to_address: alice.account,
      status: 'pending',
      tx_hash: null,
      reason: null,
      reviewed_at: null,
      balance: '898.99999999',
    });
    expect(await balance(alice, 'usdt')).toBe('898.99999999');
    expect(await held('usdt')).toBe(toUnits('101.00000001'));

    const bills = await t.call({ method: 'GET', url: '/api/finance/bill/usdt?limit=2', token: alice.token });
    expect(bills.data.list.map((l: { kind: string; amount: string; memo: string }) => [l.kind, l.amount, l.memo])).toEqual([
      ['withdrawal_fee', '-1.00000000', alice.account.toLowerCase()],
      ['withdrawal', '-100.00000001', alice.account.toLowerCase()],
    ]);
  });

  it('withdraws the coin through /api/token/extract with its own fee', async () => {
    const res = await withdraw(alice, { amount: '150', password: PASSWORD }, { asset: 'coin' });
    expect(res.data).toMatchObject({ asset: 'coin', amount: '150.00000000', fee: '10.00000000', balance: '340.00000000', status: 'pending' });
  });

  it('refuses bad amounts and passwords as parameter errors, moving nothing', async () => {
    const bad: Record<string, unknown>[] = [
      { password: PASSWORD },
      { amount: '200' },
      { amount: '0', password: PASSWORD },
      { amount: '-200', password: PASSWORD },
      { amount: '200.000000001', password: PASSWORD },
      { amount: 'abc', password: PASSWORD },
      { amount: '2e3', password: PASSWORD },
      { amount: '', password: PASSWORD },
      { amount: 200, password: PASSWORD },
      { amount: '200', password: 246810 },
      { amount: '200', password: '24681' },
      { amount: '200', password: '2468100' },
      { amount: '200', password: 'abcdef' },
    ];
    const before = await balance(alice, 'usdt');
    for (const payload of bad) {
      const res = await withdraw(alice, payload);
      expect([res.status, res.data.code], JSON.stringify(payload)).toEqual([400, 'PARAMETER_ERROR']);
    }
    expect(await balance(alice, 'usdt')).toBe(before);
  });

  it('refuses a wrong password, and more than the balance covers with the fee', async () => {
    const user = await t.signIn();
    await t.fund(user.uid, 'usdt', '150');
    await setPassword(user);
    const wrong = await withdraw(user, { amount: '120', password: '135790' });
    expect(wrong.data).toEqual({ code: 'PAY_PASSWORD_WRONG', attempts_left: 4 });
    const over = await withdraw(user, { amount: '149.00000001', password: PASSWORD });
    expect(over.data).toMatchObject({ code: 'INSUFFICIENT_BALANCE', asset: 'usdt' });
    expect((await withdraw(user, { amount: '101', password: PASSWORD }, { asset: 'coin' })).data.code).toBe('INSUFFICIENT_BALANCE');
    expect(await balance(user, 'usdt')).toBe('150.00000000');
    const all = await withdraw(user, { amount: '149', password: PASSWORD });
    expect(all.data).toMatchObject({ amount: '149.00000000', balance: '0.00000000' });
    const list = await t.call({ method: 'GET', url: '/api/finance/withdrawals', token: user.token });
    expect(list.data.total).toBe(1);
  });

  it('replays a repeated Idempotency-Key without withdrawing twice, but still checks the password', async () => {
    const before = toUnits(await balance(bob, 'usdt'));
    const payload = { amount: '120', password: PASSWORD };
    const key = 'withdraw-key-0001';
    const results = await Promise.all([withdraw(bob, payload, { key }), withdraw(bob, payload, { key }), withdraw(bob, payload, { key })]);
    for (const r of results) expect(r.data).toEqual(results[0]!.data);
    expect(results[0]!.status).toBe(200);
    expect(toUnits(await balance(bob, 'usdt'))).toBe(before - toUnits('121'));
    expect((await t.call({ method: 'GET', url: '/api/finance/withdrawals', token: bob.token })).data.total).toBe(1);

    expect((await withdraw(bob, { ...payload, amount: '130' }, { key })).data.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await withdraw(bob, { ...payload, password: '135790' }, { key })).data.code).toBe('PAY_PASSWORD_WRONG');
    expect((await withdraw(bob, payload, { key: 'short' })).data.code).toBe('PARAMETER_ERROR');
    expect(toUnits(await balance(bob, 'usdt'))).toBe(before - toUnits('121'));
  });

  it("lists the user's own withdrawals newest first; another user's id is invisible", async () => {
    const mine = await t.call({ method: 'GET', url: '/api/finance/withdrawals?page=1&limit=1', token: alice.token });
    expect(mine.data).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(mine.data.list[0]).toMatchObject({ asset: 'coin', amount: '150.00000000' });
    const second = await t.call({ method: 'GET', url: '/api/finance/withdrawals?page=2&limit=1', token: alice.token });
    expect(second.data.list[0]).toMatchObject({ asset: 'usdt', amount: '100.00000001' });
    const id = second.data.list[0].id;

    expect((await t.call({ method: 'GET', url: `/api/finance/withdrawals/${id}`, token: alice.token })).data).toEqual(second.data.list[0]);
    const foreign = await t.call({ method: 'GET', url: `/api/finance/withdrawals/${id}`, token: bob.token });
    expect(foreign.data.code).toBe('NOT_FOUND');
    const bobs = await t.call({ method: 'GET', url: '/api/finance/withdrawals?limit=100', token: bob.token });
    expect(bobs.data.list.map((w: { id: number }) => w.id)).not.toContain(id);
    for (const query of ['?page=0', '?limit=101', '?limit=abc']) {
      expect((await t.call({ method: 'GET', url: `/api/finance/withdrawals${query}`, token: alice.token })).data.code).toBe('PARAMETER_ERROR');
    }
    expect((await t.call({ method: 'GET', url: '/api/finance/withdrawals/abc', token: alice.token })).data.code).toBe('PARAMETER_ERROR');
  });

  it('refuses the admin endpoints to a user (403)', async () => {
    const id = (await t.call({ method: 'GET', url: '/api/finance/withdrawals', token: alice.token })).data.list[0].id;
    expect((await t.call({ method: 'GET', url: '/api/admin/withdrawals', token: alice.token })).http).toBe(403);
    const approve = await review(id, 'approve', { tx_hash: HASH_A }, alice.token);
    expect([approve.http, approve.data.code]).toEqual([403, 'FORBIDDEN']);
    expect((await review(id, 'reject', { reason: 'no' }, alice.token)).http).toBe(403);
    expect((await t.call({ method: 'GET', url: `/api/finance/withdrawals/${id}`, token: alice.token })).data.status).toBe('pending');
  });

  it('approves with the payout hash: the user sees it, the held amount leaves the books and the fee is earned', async () => {
    const pending = await t.call({ method: 'GET', url: '/api/admin/withdrawals?status=pending', token: t.admin.token });
    const target = pending.data.list.find((w: { uid: number; asset: string }) => w.uid === alice.uid && w.asset === 'usdt');
    expect(target).toMatchObject({ uid: alice.uid, account: alice.account, amount: '100.00000001', fee: '1.00000000', reviewed_by: null });

    for (const tx_hash of ['0x1234', `0x${'g'.repeat(64)}`, `${'a'.repeat(66)}`, '', 12]) {
      expect((await review(target.id, 'approve', { tx_hash })).data.code, String(tx_hash)).toBe('PARAMETER_ERROR');
    }
    // Without a hash and without a hot wallet there is nothing to record: refused, still pending.
    expect((await review(target.id, 'approve', {})).data.code).toBe('PAYOUT_HASH_REQUIRED');
    expect((await review(target.id, 'approve', { tx_hash: null })).data.code).toBe('PARAMETER_ERROR');
    const [heldBefore, withdrawnBefore, feesBefore] = [
      await held('usdt'),
      (await systemBalanceUnits(t.database.db, 'withdrawn')).get('usdt') ?? 0n,
      (await systemBalanceUnits(t.database.db, 'fees')).get('usdt') ?? 0n,
    ];
    const aliceBefore = await balance(alice, 'usdt');
    const res = await review(target.id, 'approve', { tx_hash: HASH_B });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: target.id, status: 'approved', tx_hash: HASH_B.toLowerCase(), reason: null, reviewed_by: t.admin.uid });
    expect(res.data.reviewed_at).not.toBeNull();

    const seen = await t.call({ method: 'GET', url: `/api/finance/withdrawals/${target.id}`, token: alice.token });
    expect(seen.data).toMatchObject({ status: 'approved', tx_hash: HASH_B.toLowerCase(), reviewed_at: res.data.reviewed_at });
    expect(await balance(alice, 'usdt')).toBe(aliceBefore);
    expect(await held('usdt')).toBe(heldBefore - toUnits('101.00000001'));
    expect((await systemBalanceUnits(t.database.db, 'withdrawn')).get('usdt')).toBe(withdrawnBefore + toUnits('100.00000001'));
    expect((await systemBalanceUnits(t.database.db, 'fees')).get('usdt')).toBe(feesBefore + toUnits('1'));

    expect((await review(target.id, 'approve', { tx_hash: HASH_A })).data).toEqual({ code: 'WITHDRAWAL_NOT_PENDING', status: 'approved' });
    expect((await review(target.id, 'reject', { reason: 'too late' })).data.code).toBe('WITHDRAWAL_NOT_PENDING');
  });

  it('rejects with a reason, refunding exactly amount + fee; approving afterwards is refused', async () => {
    const coin = (await t.call({ method: 'GET', url: '/api/finance/withdrawals', token: alice.token })).data.list.find(
      (w: { asset: string }) => w.asset === 'coin',
    );
    for (const reason of ['', '   ', 'x'.repeat(201), 5]) {
      expect((await review(coin.id, 'reject', { reason })).data.code).toBe('PARAMETER_ERROR');
    }
    const before = toUnits(await balance(alice, 'coin'));
    const heldBefore = await held('coin');
    const res = await review(coin.id, 'reject', { reason: 'Address under review' });
    expect(res.data).toMatchObject({ status: 'rejected', reason: 'Address under review', tx_hash: null, reviewed_by: t.admin.uid });
    expect(toUnits(await balance(alice, 'coin'))).toBe(before + toUnits('160'));
    expect(await held('coin')).toBe(heldBefore - toUnits('160'));
    const bills = await t.call({ method: 'GET', url: '/api/finance/bill/coin?limit=1', token: alice.token });
    expect(bills.data.list[0]).toMatchObject({ kind: 'withdrawal_refund', amount: '160.00000000', memo: 'Address under review' });

    const approve = await review(coin.id, 'approve', { tx_hash: HASH_A }, t.admin.token);
    expect(approve.data).toEqual({ code: 'WITHDRAWAL_NOT_PENDING', status: 'rejected' });
    expect(toUnits(await balance(alice, 'coin'))).toBe(before + toUnits('160'));
    const seen = await t.call({ method: 'GET', url: `/api/finance/withdrawals/${coin.id}`, token: alice.token });
    expect(seen.data).toMatchObject({ status: 'rejected', reason: 'Address under review' });
  });

  it('refuses an unknown id', async () => {
    expect((await review(999_999, 'approve', { tx_hash: HASH_A })).data.code).toBe('NOT_FOUND');
    expect((await review(999_999, 'reject', { reason: 'x' })).data.code).toBe('NOT_FOUND');
    expect((await review(0, 'approve', { tx_hash: HASH_A })).data.code).toBe('PARAMETER_ERROR');
  });

  it('settles a withdrawal exactly once when two operators click at the same moment', async () => {
    const user = await t.signIn();
    await t.fund(user.uid, 'usdt', '1000');
    await setPassword(user);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await withdraw(user, { amount: '101', password: PASSWORD })).data.id);

    const [a, b] = await Promise.all([review(ids[0]!, 'approve', { tx_hash: HASH_A }), review(ids[0]!, 'approve', { tx_hash: HASH_B })]);
    expect([a, b].filter((r) => r.status === 200)).toHaveLength(1);
    expect([a, b].find((r) => r.status !== 200)!.data.code).toBe('WITHDRAWAL_NOT_PENDING');

    const [approve, reject] = await Promise.all([review(ids[1]!, 'approve', { tx_hash: HASH_A }), review(ids[1]!, 'reject', { reason: 'no' })]);
    expect([approve, reject].filter((r) => r.status === 200)).toHaveLength(1);

    const [r1, r2] = await Promise.all([review(ids[2]!, 'reject', { reason: 'one' }), review(ids[2]!, 'reject', { reason: 'two' })]);
    expect([r1, r2].filter((r) => r.status === 200)).toHaveLength(1);
    // One refund only: 1000 − 3 × 102 + 102 (ids[2]) + 102 if ids[1] was rejected.
    const refunded = reject.status === 200 ? 2 : 1;
    expect(toUnits(await balance(user, 'usdt'))).toBe(toUnits('1000') - 3n * toUnits('102') + BigInt(refunded) * toUnits('102'));
  });

  it('lists for operators by status, with paging', async () => {
    const all = await t.call({ method: 'GET', url: '/api/admin/withdrawals?limit=100', token: t.admin.token });
    const counts = (status: string) => all.data.list.filter((w: { status: string }) => w.status === status).length;
    for (const status of ['pending', 'approved', 'rejected']) {
      const res = await t.call({ method: 'GET', url: `/api/admin/withdrawals?status=${status}&limit=100`, token: t.admin.token });
      expect(res.data.total, status).toBe(counts(status));
      expect(res.data.list.every((w: { status: string }) => w.status === status)).toBe(true);
    }
    const ids = all.data.list.map((w: { id: number }) => w.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));
    const page2 = await t.call({ method: 'GET', url: '/api/admin/withdrawals?page=2&limit=2', token: t.admin.token });
    expect(page2.data.list.map((w: { id: number }) => w.id)).toEqual(ids.slice(2, 4));
    expect((await t.call({ method: 'GET', url: '/api/admin/withdrawals?status=done', token: t.admin.token })).data.code).toBe('PARAMETER_ERROR');
  });

  it('keeps the books balanced: every asset sums to zero', async () => {
    const totals = await journalTotals(t.database.db);
    expect(totals.size).toBeGreaterThan(0);
    for (const [, total] of totals) expect(total).toBe(0n);
  });
});
