/**
 * Recharge by review (no BSC_RPC_URL, decision 019) on the real app and each database: `{amount, voucher}` is
 * stored in `review` and moves nothing; an operator approves it (credited once, under the row lock) or rejects
 * it with a reason. Vouchers are a transaction hash (once, by anyone) or an image the same user uploaded.
 */
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { eventsOfUser } from '../events/events.service.js';
import { journalTotals, systemBalanceUnits } from '../ledger/ledger.service.js';
import { createTestApp, databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';
import { multipart, png } from '../uploads/upload-fixtures.js';

const randomHash = () => `0x${randomBytes(32).toString('hex')}`;

describe.each(databaseKinds)('recharge by review on %s', (kind) => {
  let t: TestApp, alice: SignedInUser, bob: SignedInUser;
  const env = {
    RECHARGE_MIN_USDT: '10',
    RECHARGE_MIN_COIN: '1',
    DEPOSIT_CONFIRMATIONS: '3',
    // Without an RPC the page must still say where to pay (decision 042).
    DEPOSIT_ADDRESS: '0x000000000000000000000000000000000000dead',
  };
  withTestApp({ kind, env, dataDir: 'reef-review-' }, async (app) => {
    t = app;
    [alice, bob] = [await t.signIn(), await t.signIn()];
  });

  const recharge = (user: SignedInUser | null, payload: unknown, url = '/api/finance/recharge', headers: Record<string, string> = {}) =>
    t.call({ method: 'POST', url, token: user?.token, payload: payload as Record<string, unknown>, headers });
  const balance = async (user: SignedInUser, asset: string): Promise<string> =>
    (await t.call({ method: 'GET', url: '/api/user/info', token: user.token })).data.balances.find((b: { key: string }) => b.key === asset).amount;
  const ownList = async (user: SignedInUser) => (await t.call({ method: 'GET', url: '/api/finance/recharges', token: user.token })).data;
  const approve = (id: number, token = t.admin.token, headers: Record<string, string> = {}) =>
    t.call({ method: 'POST', url: `/api/admin/deposits/${id}/approve`, token, payload: {}, headers });
  const reject = (id: number, reason: unknown, token = t.admin.token) =>
    t.call({ method: 'POST', url: `/api/admin/deposits/${id}/reject`, token, payload: { reason } as Record<string, unknown> });
  const uploadImage = async (user: SignedInUser): Promise<string> => {
    const { payload, contentType } = multipart([{ name: 'file', filename: 'receipt.png', contentType: 'image/png', data: png() }]);
    const res = await t.call({ method: 'POST', url: '/api/upload', token: user.token, payload, headers: { 'content-type': contentType } });
    expect(res.status).toBe(200);
    return res.data;
  };
  const expectBalancedBooks = async () => {
    for (const [, total] of await journalTotals(t.database.db)) expect(total).toBe(0n);
  };

  it('tells the client that recharges go through review, with the minimums and the address to pay to', async () => {
    const res = await t.call({ method: 'GET', url: '/api/finance/recharge/rules' });
    expect(res.data).toEqual({
      mode: 'review',
      minimums: { usdt: '10.00000000', coin: '1.00000000' },
      deposit_address: '0x000000000000000000000000000000000000dEaD',
      required_confirmations: 3,
    });
  });

  it('stores a hash voucher in review without moving money; the hash then serves nobody else', async () => {
    const hash = randomHash();
    const res = await recharge(alice, { amount: '25.5', voucher: hash.toUpperCase().replace('0X', '0x') });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      asset: 'usdt',
      method: 'review',
      tx_hash: hash,
      voucher_image: null,
      amount: '25.50000000',
      status: 'review',
      failure: null,
      reason: null,
      reviewed_at: null,
      credited_at: null,
    });
    expect(await balance(alice, 'usdt')).toBe('0.00000000');
    expect((await ownList(alice)).list[0]).toMatchObject({ id: res.data.id, status: 'review' });
    expect((await recharge(alice, { amount: '25.5', voucher: hash })).data.code).toBe('DEPOSIT_ALREADY_SUBMITTED');
    expect((await recharge(bob, { amount: '30', voucher: hash }, '/api/token/recharge')).data.code).toBe('DEPOSIT_ALREADY_SUBMITTED');
    expect((await ownList(bob)).total).toBe(0);
  });

  it('accepts an image the same user uploaded, once while it is live', async () => {
    const image = await uploadImage(alice);
    const res = await recharge(alice, { amount: '3', voucher: image }, '/api/token/recharge');
    expect(res.data).toMatchObject({ asset: 'coin', method: 'review', tx_hash: null, voucher_image: image, amount: '3.00000000', status: 'review' });
    expect((await recharge(alice, { amount: '3', voucher: image }, '/api/token/recharge')).data.code).toBe('DEPOSIT_ALREADY_SUBMITTED');
  });

  it("refuses someone else's upload, an unknown upload and every malformed input, storing nothing", async () => {
    const before = (await ownList(alice)).total;
    const bobsImage = await uploadImage(bob);
    const en = { 'accept-language': 'en-us' };
    const other = await recharge(alice, { amount: '20', voucher: bobsImage }, '/api/finance/recharge', en);
    expect(other.data).toEqual({ code: 'DEPOSIT_VOUCHER_INVALID' });
    expect(other.msg).toBe('The voucher must be a transaction hash or an image you uploaded');
    expect((await recharge(alice, { amount: '20', voucher: `/uploads/${'ab'.repeat(32)}.png` })).data.code).toBe('DEPOSIT_VOUCHER_INVALID');
    // The right content under the wrong extension is not the upload.
    expect((await recharge(bob, { amount: '20', voucher: bobsImage.replace('.png', '.jpg') })).data.code).toBe('DEPOSIT_VOUCHER_INVALID');

    const below = await recharge(alice, { amount: '9.99999999', voucher: randomHash() });
    expect(below.data).toEqual({ code: 'DEPOSIT_BELOW_MINIMUM', minimum: '10.00000000' });
    expect((await recharge(alice, { amount: '0.5', voucher: randomHash() }, '/api/token/recharge')).data).toEqual({
      code: 'DEPOSIT_BELOW_MINIMUM',
      minimum: '1.00000000',
    });

    const hash = randomHash();
    const malformed: unknown[] = [
      {},
      { amount: '20' },
      { voucher: hash },
      { amount: '0', voucher: hash },
      { amount: '-20', voucher: hash },
      { amount: '20.123456789', voucher: hash },
      { amount: 'twenty', voucher: hash },
      { amount: 20, voucher: hash },
      { amount: '1e3', voucher: hash },
      { amount: '9'.repeat(40), voucher: hash },
      { amount: '20', voucher: '0x12' },
      { amount: '20', voucher: `0x${'g'.repeat(64)}` },
      { amount: '20', voucher: 'https://evil.example/receipt.png' },
      { amount: '20', voucher: '/uploads/../../etc/passwd.png' },
      { amount: '20', voucher: `/uploads/${'ab'.repeat(32)}.svg` },
      { amount: '20', voucher: 'x'.repeat(5000) },
      { amount: '20', voucher: hash, tx_hash: hash },
    ];
    for (const payload of malformed) expect((await recharge(alice, payload)).data.code, JSON.stringify(payload).slice(0, 80)).toBe('PARAMETER_ERROR');
    // Without an RPC a bare hash cannot be verified.
    expect((await recharge(alice, { tx_hash: hash })).data.code).toBe('DEPOSITS_UNAVAILABLE');
    expect((await recharge(null, { amount: '20', voucher: hash })).http).toBe(401);
    expect((await ownList(alice)).total).toBe(before);
    // The hash refused above for other reasons is still free.
    expect((await recharge(alice, { amount: '20', voucher: hash })).status).toBe(200);
  });

  it('an operator approval credits the declared amount once; a second approval or a rejection is refused', async () => {
    const user = await t.signIn();
    const submitted = await recharge(user, { amount: '42.12345678', voucher: randomHash() });
    const queue = await t.call({ method: 'GET', url: '/api/admin/deposits?status=review&limit=100', token: t.admin.token });
    expect(queue.data.list.map((d: { id: number }) => d.id)).toContain(submitted.data.id);
    expect(queue.data.list.every((d: { status: string }) => d.status === 'review')).toBe(true);
    expect(queue.data.list.find((d: { id: number }) => d.id === submitted.data.id)).toMatchObject({ uid: user.uid, account: user.account, reviewed_by: null });

    const res = await approve(submitted.data.id);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: submitted.data.id, status: 'credited', uid: user.uid, reviewed_by: t.admin.uid, amount: '42.12345678' });
    expect(res.data.reviewed_at).not.toBeNull();
    expect(res.data.credited_at).not.toBeNull();
    expect(await balance(user, 'usdt')).toBe('42.12345678');
    expect(await eventsOfUser(t.database.db, user.uid)).toEqual([
      expect.objectContaining({
        type: 'deposit.credited',
        deposit_id: submitted.data.id,
        asset: 'usdt',
        amount: '42.12345678',
        method: 'review',
        reviewer_id: t.admin.uid,
      }),
    ]);
    expect((await ownList(user)).list[0]).toMatchObject({ status: 'credited', reason: null });
    const bills = await t.call({ method: 'GET', url: '/api/finance/bill/usdt?limit=1', token: user.token });
    expect(bills.data.list[0]).toMatchObject({ kind: 'deposit', amount: '42.12345678' });

    expect((await approve(submitted.data.id)).data).toEqual({ code: 'DEPOSIT_NOT_IN_REVIEW', status: 'credited' });
    expect((await reject(submitted.data.id, 'too late')).data).toEqual({ code: 'DEPOSIT_NOT_IN_REVIEW', status: 'credited' });
    expect(await balance(user, 'usdt')).toBe('42.12345678');
    await expectBalancedBooks();
  });

  it('a rejection is shown with its reason, credits nothing, cannot be approved, and frees an image for a retry', async () => {
    const user = await t.signIn();
    const image = await uploadImage(user);
    const submitted = await recharge(user, { amount: '15', voucher: image });
    for (const reason of ['', '   ', 'x'.repeat(201), 5]) expect((await reject(submitted.data.id, reason)).data.code).toBe('PARAMETER_ERROR');
    const res = await reject(submitted.data.id, 'The receipt does not show the transfer');
    expect(res.data).toMatchObject({ status: 'rejected', reason: 'The receipt does not show the transfer', reviewed_by: t.admin.uid, credited_at: null });
    expect((await ownList(user)).list[0]).toMatchObject({ status: 'rejected', reason: 'The receipt does not show the transfer' });
    expect((await approve(submitted.data.id)).data).toEqual({ code: 'DEPOSIT_NOT_IN_REVIEW', status: 'rejected' });
    expect(await balance(user, 'usdt')).toBe('0.00000000');
    const retry = await recharge(user, { amount: '16', voucher: image });
    expect(retry.data).toMatchObject({ status: 'review', voucher_image: image });
    expect((await recharge(user, { amount: '16', voucher: image })).data.code).toBe('DEPOSIT_ALREADY_SUBMITTED');
  });

  it('keeps the review endpoints to operators and refuses unknown ids', async () => {
    const submitted = await recharge(bob, { amount: '11', voucher: randomHash() });
    expect((await t.call({ method: 'GET', url: '/api/admin/deposits', token: bob.token })).http).toBe(403);
    expect((await approve(submitted.data.id, bob.token)).http).toBe(403);
    expect((await reject(submitted.data.id, 'no', bob.token)).http).toBe(403);
    expect((await approve(999_999_999)).data.code).toBe('NOT_FOUND');
    for (const id of ['0', '-1', 'abc', '1.5']) {
      expect((await t.call({ method: 'POST', url: `/api/admin/deposits/${id}/approve`, token: t.admin.token, payload: {} })).data.code).toBe('PARAMETER_ERROR');
    }
    expect((await t.call({ method: 'GET', url: '/api/admin/deposits?status=unknown', token: t.admin.token })).data.code).toBe('PARAMETER_ERROR');
    expect(await balance(bob, 'usdt')).toBe('0.00000000');
  });

  it('20 concurrent approvals (and rejections) of one request credit it exactly once', async () => {
    const user = await t.signIn();
    const submitted = await recharge(user, { amount: '100', voucher: randomHash() });
    const before = (await systemBalanceUnits(t.database.db, 'chain_in')).get('usdt') ?? 0n;
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 5 === 4 ? reject(submitted.data.id, 'race') : approve(submitted.data.id))));
    const settled = results.filter((r) => r.status === 200);
    expect(settled).toHaveLength(1);
    const final = settled[0]!.data.status as string;
    for (const refused of results.filter((r) => r.status !== 200)) expect(refused.data).toEqual({ code: 'DEPOSIT_NOT_IN_REVIEW', status: final });
    const credited = final === 'credited' ? 100_0000_0000n : 0n;
    expect((await systemBalanceUnits(t.database.db, 'chain_in')).get('usdt') ?? 0n).toBe(before - credited);
    expect(await balance(user, 'usdt')).toBe(final === 'credited' ? '100.00000000' : '0.00000000');
    await expectBalancedBooks();
  });

  it('20 approvals at once, all approvals: one credit', async () => {
    const user = await t.signIn();
    const submitted = await recharge(user, { amount: '12.5', voucher: randomHash() });
    const results = await Promise.all(Array.from({ length: 20 }, () => approve(submitted.data.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(new Set(results.filter((r) => r.status !== 200).map((r) => r.data.code))).toEqual(new Set(['DEPOSIT_NOT_IN_REVIEW']));
    expect(await balance(user, 'usdt')).toBe('12.50000000');
    await expectBalancedBooks();
  });

  it('the same voucher submitted 20 times at once is stored once', async () => {
    const user = await t.signIn();
    const hash = randomHash();
    const results = await Promise.all(Array.from({ length: 20 }, () => recharge(user, { amount: '10', voucher: hash })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(new Set(results.filter((r) => r.status !== 200).map((r) => r.data.code))).toEqual(new Set(['DEPOSIT_ALREADY_SUBMITTED']));
    expect((await ownList(user)).total).toBe(1);
  });

  it('an Idempotency-Key replays an approval instead of refusing it', async () => {
    const user = await t.signIn();
    const submitted = await recharge(user, { amount: '10', voucher: randomHash() });
    const key = { 'idempotency-key': `approve-${submitted.data.id}-${randomBytes(4).toString('hex')}` };
    const first = await approve(submitted.data.id, t.admin.token, key);
    const replay = await approve(submitted.data.id, t.admin.token, key);
    expect(replay.data).toEqual(first.data);
    expect(await balance(user, 'usdt')).toBe('10.00000000');
  });

  it('with an RPC configured, recharges are verified on chain and vouchers are refused', async () => {
    const chainApp = await createTestApp(kind, {
      BSC_RPC_URL: 'http://127.0.0.1:9',
      DEPOSIT_ADDRESS: privateKeyToAccount(generatePrivateKey()).address,
      USDT_CONTRACT: privateKeyToAccount(generatePrivateKey()).address,
      COIN_CONTRACT: privateKeyToAccount(generatePrivateKey()).address,
    });
    try {
      const user = await chainApp.signIn();
      const rules = await chainApp.call({ method: 'GET', url: '/api/finance/recharge/rules' });
      expect(rules.data).toMatchObject({ mode: 'chain', deposit_address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) });
      const res = await chainApp.call({ method: 'POST', url: '/api/finance/recharge', token: user.token, payload: { amount: '20', voucher: randomHash() } });
      expect(res.data.code).toBe('DEPOSIT_REVIEW_UNAVAILABLE');
      expect((await chainApp.call({ method: 'GET', url: '/api/finance/recharges', token: user.token })).data.total).toBe(0);
    } finally {
      await chainApp.close();
    }
  });
});
