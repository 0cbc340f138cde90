/**
 * Hot-wallet payouts against a real local EVM node (Hardhat, chain id 56) with real ERC-20 contracts, on
 * PGlite (and PostgreSQL with TEST_DATABASE_URL): approving without a hash sends the transfer from the
 * configured HOT_WALLET_KEY and records its hash; two approvals at once send one transfer; a failed send
 * approves nothing. Through an RPC proxy that loses answers (a real network fault, between the app and the
 * node): a payout whose outcome is unknown stays `paying`, is never sent again, and an operator resolves it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { keccak256, parseEther, type Address, type Hash, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { toUnits } from '@reef/contract';
import { verifyTokenTransfer } from '../chain/token-transfer.js';
import { journalTotals, systemBalanceUnits } from '../ledger/ledger.service.js';
import { chainConfig, startLocalChain, type LocalChain } from '../../test/local-chain.js';
import { createTestApp, databaseKinds, type SignedInUser, type TestApp } from '../../test/harness.js';

const PASSWORD = '246810';
const depositAddress = privateKeyToAccount(generatePrivateKey()).address;

let chain: LocalChain;
let usdt: Address;
let coin: Address;

interface FaultyRpc {
  url: string;
  /** What the proxy does to the next calls: forward and lose the answer, or lose the call itself. */
  faults: { loseSendAnswer: boolean; swallowSend: boolean; loseLookups: boolean };
  /** Raw transactions the app tried to broadcast, in order. */
  sent: Hex[];
  close(): Promise<void>;
}

/** A JSON-RPC proxy in front of the local node that can drop connections, like a network failing mid-call. */
async function startFaultyRpc(target: string): Promise<FaultyRpc> {
  const faults = { loseSendAnswer: false, swallowSend: false, loseLookups: false };
  const sent: Hex[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString();
        const call = JSON.parse(body) as { method: string; params: unknown[] };
        const isSend = call.method === 'eth_sendRawTransaction';
        if (isSend) sent.push(call.params[0] as Hex);
        if ((isSend && faults.swallowSend) || (call.method === 'eth_getTransactionByHash' && faults.loseLookups)) {
          request.socket.destroy();
          return;
        }
        const upstream = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        const answer = await upstream.text();
        if (isSend && faults.loseSendAnswer) {
          request.socket.destroy();
          return;
        }
        response.writeHead(upstream.status, { 'content-type': 'application/json' }).end(answer);
      })().catch(() => request.socket.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    faults,
    sent,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  chain = await startLocalChain();
  usdt = await chain.deployToken('Tether USD', 'USDT');
  coin = await chain.deployToken('Reef Coin', 'RSC');
}, 60_000);
afterAll(() => chain?.stop());

describe.each(databaseKinds)('hot-wallet withdrawal payouts on %s', (kind) => {
  const hotKey = generatePrivateKey();
  const hotAddress = privateKeyToAccount(hotKey).address;
  const emptyKey = generatePrivateKey();
  const emptyAddress = privateKeyToAccount(emptyKey).address;
  /** Pays from a funded hot wallet. */
  let paying: TestApp;
  /** A hot wallet with gas money but no tokens. */
  let empty: TestApp;
  /** An RPC but no hot wallet: operators record hashes. */
  let manual: TestApp;
  /** Pays from its own funded hot wallet through the faulty proxy. */
  let flaky: TestApp;
  let proxy: FaultyRpc;
  const flakyKey = generatePrivateKey();
  const flakyAddress = privateKeyToAccount(flakyKey).address;

  const chainEnv = () => ({ ...chainConfig(chain, { depositAddress, usdt, coin }), WITHDRAW_FEE_USDT: '1' });

  beforeAll(async () => {
    paying = await createTestApp(kind, { ...chainEnv(), HOT_WALLET_KEY: hotKey });
    empty = await createTestApp(kind, { ...chainEnv(), HOT_WALLET_KEY: emptyKey });
    manual = await createTestApp(kind, chainEnv());
    proxy = await startFaultyRpc(chain.url);
    flaky = await createTestApp(kind, { ...chainEnv(), BSC_RPC_URL: proxy.url, HOT_WALLET_KEY: flakyKey });
    await chain.fundGas(flakyAddress);
    await chain.mint(usdt, flakyAddress, parseEther('10000'));
    await chain.fundGas(hotAddress);
    await chain.fundGas(emptyAddress);
    await chain.mint(usdt, hotAddress, parseEther('10000'));
  });
  afterAll(async () => {
    await Promise.all([paying?.close(), empty?.close(), manual?.close(), flaky?.close()]);
    await proxy?.close();
  });

  /** A signed-in user with a transaction password and a pending USDT withdrawal of `amount` (fee 1). */
  async function pendingWithdrawal(t: TestApp, amount: string): Promise<{ user: SignedInUser; id: number }> {
    const user = await t.signIn();
    await t.fund(user.uid, 'usdt', '1000');
    const set = await t.call({ method: 'POST', url: '/api/user/password', token: user.token, payload: { password: PASSWORD, confirm: PASSWORD } });
    expect(set.status).toBe(200);
    const res = await t.call({ method: 'POST', url: '/api/finance/extract', token: user.token, payload: { amount, password: PASSWORD } });
    expect(res.data).toMatchObject({ status: 'pending', amount: toUnitsString(amount) });
    return { user, id: res.data.id };
  }
  const toUnitsString = (amount: string) => {
    const units = toUnits(amount);
    return `${units / 10n ** 8n}.${(units % 10n ** 8n).toString().padStart(8, '0')}`;
  };
  const approve = (t: TestApp, id: number, payload: Record<string, unknown> = {}) =>
    t.call({ method: 'POST', url: `/api/admin/withdrawals/${id}/approve`, token: t.admin.token, payload });
  const ownWithdrawal = async (t: TestApp, user: SignedInUser, id: number) =>
    (await t.call({ method: 'GET', url: `/api/finance/withdrawals/${id}`, token: user.token })).data;
  const expectBalancedBooks = async (t: TestApp) => {
    const totals = await journalTotals(t.database.db);
    expect(totals.size).toBeGreaterThan(0);
    for (const [, total] of totals) expect(total).toBe(0n);
  };

  it('approving without a hash sends the token from the hot wallet and records the hash', async () => {
    const { user, id } = await pendingWithdrawal(paying, '150.12345678');
    const before = await chain.balanceOf(usdt, user.wallet.address);
    const hotBefore = await chain.balanceOf(usdt, hotAddress);

    const res = await approve(paying, id);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id, status: 'approved', reviewed_by: paying.admin.uid, reason: null });
    const hash = res.data.tx_hash as string;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);

    const sent = parseEther('150.12345678');
    expect(await chain.balanceOf(usdt, user.wallet.address)).toBe(before + sent);
    expect(await chain.balanceOf(usdt, hotAddress)).toBe(hotBefore - sent);
    // The recorded hash is that very transfer.
    const check = await verifyTokenTransfer(paying.app.chain!, { txHash: hash as Hash, token: usdt, from: hotAddress, to: user.wallet.address });
    expect(check).toMatchObject({ outcome: 'mined', amountWei: sent });

    expect(await ownWithdrawal(paying, user, id)).toMatchObject({ status: 'approved', tx_hash: hash });
    expect((await systemBalanceUnits(paying.database.db, 'withdrawn')).get('usdt')).toBe(toUnits('150.12345678'));
    expect((await systemBalanceUnits(paying.database.db, 'pending_withdrawal')).get('usdt') ?? 0n).toBe(0n);
    await expectBalancedBooks(paying);
    // Each of the payout's two commits carries its audit row (decision 093): `paying`, then the approval with its hash.
    const audited = await paying.call({ method: 'GET', url: `/api/admin/audit?action=withdrawals&q=${hash}`, token: paying.admin.token });
    const trail = (await paying.call({ method: 'GET', url: `/api/admin/audit?action=withdrawals/:id/approve&limit=100`, token: paying.admin.token })).data.list
      .filter((row: { target: { id: number } }) => row.target.id === id)
      .map((row: { after: { status: string; tx_hash: string | null } }) => [row.after.status, row.after.tx_hash]);
    expect(audited.data.total).toBe(1);
    expect(trail).toEqual([
      ['approved', hash],
      ['paying', null],
    ]);
    expect((await approve(paying, id)).data).toEqual({ code: 'WITHDRAWAL_NOT_PENDING', status: 'approved' });
  });

  it('a manual hash is still recorded as given, sending nothing', async () => {
    const { user, id } = await pendingWithdrawal(paying, '101');
    const hotBefore = await chain.balanceOf(usdt, hotAddress);
    const hash = `0x${'ab'.repeat(32)}`;
    expect((await approve(paying, id, { tx_hash: hash })).data).toMatchObject({ status: 'approved', tx_hash: hash });
    expect(await chain.balanceOf(usdt, hotAddress)).toBe(hotBefore);
    expect(await chain.balanceOf(usdt, user.wallet.address)).toBe(0n);
  });

  it('two operators approving at once send exactly one transfer', async () => {
    const { user, id } = await pendingWithdrawal(paying, '200');
    const hotBefore = await chain.balanceOf(usdt, hotAddress);
    const results = await Promise.all([approve(paying, id), approve(paying, id), approve(paying, id)]);
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    // The first commits `paying` before it sends: the others find it paying, or already approved.
    for (const refused of results.filter((r) => r.status !== 200)) {
      expect([{ code: 'WITHDRAWAL_PAYING' }, { code: 'WITHDRAWAL_NOT_PENDING', status: 'approved' }]).toContainEqual(refused.data);
    }
    expect(await chain.balanceOf(usdt, user.wallet.address)).toBe(parseEther('200'));
    expect(await chain.balanceOf(usdt, hotAddress)).toBe(hotBefore - parseEther('200'));
    expect(await ownWithdrawal(paying, user, id)).toMatchObject({ status: 'approved', tx_hash: ok[0]!.data.tx_hash });
    await expectBalancedBooks(paying);
  });

  it('approving different withdrawals at once pays each of them (one nonce each)', async () => {
    const first = await pendingWithdrawal(paying, '105');
    const second = await pendingWithdrawal(paying, '106');
    const [a, b] = await Promise.all([approve(paying, first.id), approve(paying, second.id)]);
    expect([a.data.status, b.data.status]).toEqual(['approved', 'approved']);
    expect(a.data.tx_hash).not.toBe(b.data.tx_hash);
    expect(await chain.balanceOf(usdt, first.user.wallet.address)).toBe(parseEther('105'));
    expect(await chain.balanceOf(usdt, second.user.wallet.address)).toBe(parseEther('106'));
    await expectBalancedBooks(paying);
  });

  it('a hot wallet without tokens: PAYOUT_FAILED, the withdrawal stays pending and nothing moves', async () => {
    const { user, id } = await pendingWithdrawal(empty, '120');
    const heldBefore = (await systemBalanceUnits(empty.database.db, 'pending_withdrawal')).get('usdt');
    const res = await approve(empty, id);
    expect(res.data).toEqual({ code: 'PAYOUT_FAILED' });
    const en = await empty.call({
      method: 'POST',
      url: `/api/admin/withdrawals/${id}/approve`,
      token: empty.admin.token,
      payload: {},
      headers: { 'accept-language': 'en-us' },
    });
    expect(en.msg).toBe('The payout could not be sent; the withdrawal is still pending');
    expect(await ownWithdrawal(empty, user, id)).toMatchObject({ status: 'pending', tx_hash: null, reviewed_at: null });
    expect((await systemBalanceUnits(empty.database.db, 'pending_withdrawal')).get('usdt')).toBe(heldBefore);
    expect((await systemBalanceUnits(empty.database.db, 'withdrawn')).get('usdt') ?? 0n).toBe(0n);
    expect(await chain.balanceOf(usdt, user.wallet.address)).toBe(0n);
    await expectBalancedBooks(empty);

    // Once the hot wallet holds the tokens, the same withdrawal pays out.
    await chain.mint(usdt, emptyAddress, parseEther('120'));
    expect((await approve(empty, id)).data).toMatchObject({ status: 'approved' });
    expect(await chain.balanceOf(usdt, user.wallet.address)).toBe(parseEther('120'));
  });

  it('without a hot wallet a hash is required: PAYOUT_HASH_REQUIRED, still pending', async () => {
    const { user, id } = await pendingWithdrawal(manual, '110');
    expect((await approve(manual, id)).data).toEqual({ code: 'PAYOUT_HASH_REQUIRED' });
    expect(await ownWithdrawal(manual, user, id)).toMatchObject({ status: 'pending', tx_hash: null });
    expect(await chain.balanceOf(usdt, user.wallet.address)).toBe(0n);
    const hash = `0x${'cd'.repeat(32)}`;
    expect((await approve(manual, id, { tx_hash: hash })).data).toMatchObject({ status: 'approved', tx_hash: hash });
    await expectBalancedBooks(manual);
  });
  const resolve = (t: TestApp, id: number, payload: Record<string, unknown>, token = t.admin.token) =>
    t.call({ method: 'POST', url: `/api/admin/withdrawals/${id}/resolve`, token, payload });
  const adminRow = async (t: TestApp, id: number) =>
    (await t.call({ method: 'GET', url: '/api/admin/withdrawals?limit=100', token: t.admin.token })).data.list.find((w: { id: number }) => w.id === id);

  it('a payout whose answer is lost stays paying: approvals never send it again, and the operator records the hash', async () => {
    const { user, id } = await pendingWithdrawal(flaky, '140');
    const hotBefore = await chain.balanceOf(usdt, flakyAddress);
    proxy.faults.loseSendAnswer = true;
    proxy.faults.loseLookups = true;
    const sentBefore = proxy.sent.length;
    let res;
    try {
      res = await approve(flaky, id);
    } finally {
      proxy.faults.loseSendAnswer = false;
      proxy.faults.loseLookups = false;
    }
    expect(res.data).toEqual({ code: 'PAYOUT_FAILED', status: 'paying' });
    // The transfer did reach the node and was mined: the money has left.
    expect(await chain.balanceOf(usdt, user.wallet.address)).toBe(parseEther('140'));
    const hash = keccak256(proxy.sent[sentBefore]!);
    expect(await ownWithdrawal(flaky, user, id)).toMatchObject({ status: 'paying', tx_hash: null, reviewed_at: null });
    expect(await adminRow(flaky, id)).toMatchObject({ status: 'paying', paying_by: flaky.admin.uid, payout_failure: null });

    const again = await Promise.all(Array.from({ length: 5 }, () => approve(flaky, id)));
    for (const refused of again) expect(refused.data).toEqual({ code: 'WITHDRAWAL_PAYING' });
    expect((await approve(flaky, id, { tx_hash: hash })).data).toEqual({ code: 'WITHDRAWAL_PAYING' });
    const rejected = await flaky.call({ method: 'POST', url: `/api/admin/withdrawals/${id}/reject`, token: flaky.admin.token, payload: { reason: 'x' } });
    expect(rejected.data).toEqual({ code: 'WITHDRAWAL_PAYING' });
    expect(await chain.balanceOf(usdt, user.wallet.address)).toBe(parseEther('140'));
    expect(await chain.balanceOf(usdt, flakyAddress)).toBe(hotBefore - parseEther('140'));
    // Still held: nothing has left the books or come back to the user.
    expect((await flaky.call({ method: 'GET', url: '/api/finance/extract', token: user.token })).data.balance).toBe('859.00000000');

    for (const payload of [{}, { outcome: 'paid' }, { outcome: 'paid', tx_hash: '0x12' }, { outcome: 'done' }]) {
      expect((await resolve(flaky, id, payload)).data.code, JSON.stringify(payload)).toBe('PARAMETER_ERROR');
    }
    expect((await resolve(flaky, id, { outcome: 'paid', tx_hash: hash }, user.token)).http).toBe(403);
    const resolved = await resolve(flaky, id, { outcome: 'paid', tx_hash: hash });
    expect(resolved.data).toMatchObject({ id, status: 'approved', tx_hash: hash, reviewed_by: flaky.admin.uid });
    expect(await ownWithdrawal(flaky, user, id)).toMatchObject({ status: 'approved', tx_hash: hash });
    expect((await resolve(flaky, id, { outcome: 'pending' })).data).toEqual({ code: 'WITHDRAWAL_NOT_PAYING', status: 'approved' });
    expect((await systemBalanceUnits(flaky.database.db, 'pending_withdrawal')).get('usdt') ?? 0n).toBe(0n);
    await expectBalancedBooks(flaky);
  });

  it('a send that never reached the node can be put back to pending by the operator, then paid once', async () => {
    const { user, id } = await pendingWithdrawal(flaky, '125');
    proxy.faults.swallowSend = true;
    proxy.faults.loseLookups = true;
    let res;
    try {
      res = await approve(flaky, id);
    } finally {
      proxy.faults.swallowSend = false;
      proxy.faults.loseLookups = false;
    }
    expect(res.data).toEqual({ code: 'PAYOUT_FAILED', status: 'paying' });
    expect(await chain.balanceOf(usdt, user.wallet.address)).toBe(0n);
    expect((await approve(flaky, id)).data).toEqual({ code: 'WITHDRAWAL_PAYING' });
    // Only the operator, after checking that the hash is unknown to the chain, releases it.
    const released = await resolve(flaky, id, { outcome: 'pending' });
    expect(released.data).toMatchObject({ id, status: 'pending', paying_by: null, paying_since: null, tx_hash: null });
    expect((await resolve(flaky, id, { outcome: 'pending' })).data).toEqual({ code: 'WITHDRAWAL_NOT_PAYING', status: 'pending' });
    const paid = await approve(flaky, id);
    expect(paid.data).toMatchObject({ status: 'approved' });
    expect(await chain.balanceOf(usdt, user.wallet.address)).toBe(parseEther('125'));
    await expectBalancedBooks(flaky);
  });

  it('a lost answer to a send the node did take is recognised by its hash: approved, paid once', async () => {
    const { user, id } = await pendingWithdrawal(flaky, '111');
    proxy.faults.loseSendAnswer = true;
    let res;
    try {
      res = await approve(flaky, id);
    } finally {
      proxy.faults.loseSendAnswer = false;
    }
    expect(res.data).toMatchObject({ id, status: 'approved' });
    expect(await chain.balanceOf(usdt, user.wallet.address)).toBe(parseEther('111'));
    const check = await verifyTokenTransfer(paying.app.chain!, { txHash: res.data.tx_hash as Hash, token: usdt, from: flakyAddress, to: user.wallet.address });
    expect(check).toMatchObject({ outcome: 'mined', amountWei: parseEther('111') });
  });

  it('a failed send before broadcast goes back to pending with the reason recorded for operators', async () => {
    const { id } = await pendingWithdrawal(empty, '180');
    expect((await approve(empty, id)).data).toEqual({ code: 'PAYOUT_FAILED' });
    const row = await adminRow(empty, id);
    expect(row).toMatchObject({ status: 'pending', paying_by: null, paying_since: null });
    expect(row.payout_failure).toEqual(expect.any(String));
    expect(row.payout_failure).not.toContain('http');
    expect((await resolve(empty, id, { outcome: 'pending' })).data).toEqual({ code: 'WITHDRAWAL_NOT_PAYING', status: 'pending' });
  });
});
