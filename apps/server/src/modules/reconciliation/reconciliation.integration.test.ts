/**
 * Continuous reconciliation (decision 097) on a real database and a real local EVM (chain id 56): quiet on a healthy
 * system, then a drained platform wallet, a corrupted escrow row and a corrupted balance are each caught, named, kept
 * in the run history, shown on /metrics and written once to the audit log. The corruptions are raw SQL with the
 * database's replication role set to replica for that transaction only, so no protecting trigger stands in the way.
 */
import { sql } from 'drizzle-orm';
import { parseUnits, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReconciliationCheck, ReconciliationRun } from '@reef/contract';
import { createTestApp, databaseKinds, type SignedInUser, type TestApp } from '../../test/harness.js';
import { chainConfig, startLocalChain, type LocalChain } from '../../test/local-chain.js';
import { startBackgroundJobs } from '../../background-jobs.js';
import { createChainClient } from '../chain/chain-client.js';
import { runReconciliation } from './reconciliation.service.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const PASSWORD = '246810';
const METRICS_TOKEN = 'reconciliation-metrics-token-0123456789';

let chain: LocalChain;
let usdt: Address;
let coin: Address;
beforeAll(async () => {
  chain = await startLocalChain();
  usdt = await chain.deployToken('Tether USD', 'USDT');
  coin = await chain.deployToken('Reef Coin', 'RSC');
}, 60_000);
afterAll(() => chain?.stop());

describe.each(databaseKinds)('reconciliation on %s', (kind) => {
  const depositWallet = privateKeyToAccount(generatePrivateKey());
  let t: TestApp;
  let alice: SignedInUser;
  let operator: SignedInUser;
  let auditor: SignedInUser;
  let withdrawalId: number;

  // The chain starts before the suite, so the app is built in beforeAll rather than withTestApp (whose options are read at once).
  beforeAll(async () => {
    t = await createTestApp(kind, { ...chainConfig(chain, { depositAddress: depositWallet.address, usdt, coin }), METRICS_TOKEN, WITHDRAW_FEE_USDT: '1' });
    alice = await t.signInPayer(PASSWORD, { usdt: '1000', coin: '50' });
    const signInAs = async (role: 'operator' | 'auditor') => {
      const wallet = privateKeyToAccount(generatePrivateKey());
      await t.call({ method: 'POST', url: '/api/admin/roles/grant', token: t.admin.token, payload: { account: wallet.address, role } });
      return t.signIn(wallet);
    };
    [operator, auditor] = [await signInAs('operator'), await signInAs('auditor')];
    // The wallet holds exactly what users are owed: 1000 USDT, 50 coins.
    await chain.mint(usdt, depositWallet.address, parseUnits('1000', 18));
    await chain.mint(coin, depositWallet.address, parseUnits('50', 18));
    // A withdrawal awaiting review: 200 + 1 fee held on `pending_withdrawal`, still owed to alice.
    const withdrawal = await t.call({ method: 'POST', url: '/api/finance/extract', token: alice.token, payload: { amount: '200', password: PASSWORD } });
    expect(withdrawal.status, withdrawal.msg).toBe(200);
    withdrawalId = withdrawal.data.id;
    // A pledge holding principal on `pledge_locked` (no fee: all 100 is still owed to alice) and a paid shop order
    // on `shop_sales`, so the healthy run covers those escrow accounts too.
    const now = Date.now();
    const product = await t.call({
      method: 'POST',
      url: '/api/admin/pledge/products',
      token: t.admin.token,
      payload: {
        name: 'Reconciled pledge',
        product_type: 'fixed',
        asset: 'usdt',
        interest_asset: 'coin',
        cycle_days: 3,
        annual_rate: '0.365',
        min_lock: '100',
        max_per_user: '1000',
        total_cap: '1000',
        fee_rate: '0',
        sale_starts_at: new Date(now - 60_000).toISOString(),
        sale_ends_at: new Date(now + 86_400_000).toISOString(),
        dividend_at: new Date(now + 86_400_000).toISOString(),
        release_days: 2,
      },
    });
    expect(product.status, product.msg).toBe(200);
    const lock = await t.call({ method: 'POST', url: `/api/project/pledge/${product.data.id}`, token: alice.token, payload: { amount: '100' } });
    expect(lock.status, lock.msg).toBe(200);
    await t.fund(alice.uid, 'mineral', '10');
    const goods = await t.call({
      method: 'POST',
      url: '/api/admin/shop/goods',
      token: t.admin.token,
      payload: { title: 'Reef pass', price: '3', asset: 'mineral', stock: 5, kind: 'virtual' },
    });
    const order = await t.call({ method: 'POST', url: '/api/point/order', token: alice.token, payload: { goods_id: goods.data.id, quantity: 2 } });
    const paid = await t.call({ method: 'POST', url: `/api/point/pay/id/${order.data.id}`, token: alice.token, payload: { password: PASSWORD } });
    expect(paid.data.order, paid.msg).toMatchObject({ status: 'complete' });
  }, 60_000);
  afterAll(() => t?.close());

  const run = async (token = t.admin.token) => {
    const res = await t.call({ method: 'POST', url: '/api/admin/reconciliation/run', token });
    expect(res.status, res.msg).toBe(200);
    return res.data as ReconciliationRun;
  };
  const check = (r: ReconciliationRun, name: ReconciliationCheck['name']) => r.checks.find((c) => c.name === name)!;
  const statuses = (r: ReconciliationRun) => Object.fromEntries(r.checks.map((c) => [c.name, c.status]));
  const auditActions = async () =>
    rowsOf<{ action: string; actor_id: number | null; actor_account: string; after: { failed: string[] } }>(
      await t.database.db.execute(sql`select action, actor_id, actor_account, after from audit_log where action like 'reconciliation.%' order by id`),
    );
  const metrics = async () => (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
  /** Raw SQL past the protecting triggers, for this transaction only. */
  const corrupt = (statement: ReturnType<typeof sql>) =>
    t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(statement);
    });

  it('a healthy system passes every check, quietly', async () => {
    const healthy = await run(auditor.token);
    expect(healthy).toMatchObject({ ok: true, trigger: 'operator', requested_by: auditor.uid });
    expect(statuses(healthy)).toEqual({ journal_balanced: 'ok', account_balances: 'ok', escrow_accounts: 'ok', chain_reserves: 'ok' });
    expect(healthy.checks.every((c) => c.mismatch_count === 0 && c.mismatches.length === 0)).toBe(true);
    expect(await auditActions()).toEqual([]);
    const text = await metrics();
    for (const name of ['journal_balanced', 'account_balances', 'escrow_accounts', 'chain_reserves']) {
      expect(text).toContain(`reef_reconciliation_ok{check="${name}"} 1`);
      expect(text).toContain(`reef_reconciliation_mismatches{check="${name}"} 0`);
    }
    expect(text).toMatch(/reef_reconciliation_last_run_seconds \d+/);
  });

  it('the periodic run without an RPC reports the chain check as not configured, not as a pass', async () => {
    const periodic = await runReconciliation({ db: t.database.db, chain: null, chainConfig: null }, null);
    expect(periodic).toMatchObject({ ok: true, trigger: 'schedule', requested_by: null });
    expect(check(periodic, 'chain_reserves')).toEqual({ name: 'chain_reserves', status: 'not_configured', mismatch_count: 0, mismatches: [] });
    const text = await metrics();
    expect(text).toContain('reef_reconciliation_not_configured{check="chain_reserves"} 1');
    expect(text).not.toContain('reef_reconciliation_ok{check="chain_reserves"}');
    expect(await auditActions()).toEqual([]);
  });

  it('catches an on-chain shortfall: the platform wallet drained below what users are owed', async () => {
    await chain.fundGas(depositWallet.address);
    await chain.transfer(depositWallet, usdt, chain.deployer.address, parseUnits('300', 18));
    const short = await run();
    expect(short.ok).toBe(false);
    expect(statuses(short)).toMatchObject({ journal_balanced: 'ok', account_balances: 'ok', escrow_accounts: 'ok', chain_reserves: 'failed' });
    // Owed: alice's 699 + the 201 held for her withdrawal + her 100 pledged; held: 700.
    expect(check(short, 'chain_reserves').mismatches).toEqual([{ subject: 'usdt held on chain < owed to users', expected: '1000', actual: '700' }]);
    expect(await metrics()).toContain('reef_reconciliation_ok{check="chain_reserves"} 0');
    // Failing again is the same failure: one audit entry, by the system.
    await run();
    expect(await auditActions()).toEqual([
      { action: 'reconciliation.failed', actor_id: null, actor_account: 'system', after: expect.objectContaining({ failed: ['chain_reserves'] }) },
    ]);
    // Refilled, it recovers, and says so once.
    await chain.mint(usdt, depositWallet.address, parseUnits('300', 18));
    expect((await run()).ok).toBe(true);
    expect((await auditActions()).map((a) => a.action)).toEqual(['reconciliation.failed', 'reconciliation.recovered']);
  });

  it('catches a corrupted escrow row: a pending withdrawal whose amount no longer matches what is held', async () => {
    await corrupt(sql`update withdrawals set amount = amount + 5 where id = ${withdrawalId}`);
    const bad = await run();
    expect(statuses(bad)).toMatchObject({ journal_balanced: 'ok', account_balances: 'ok', escrow_accounts: 'failed', chain_reserves: 'ok' });
    expect(check(bad, 'escrow_accounts').mismatches).toEqual([{ subject: 'pending_withdrawal usdt', expected: '206.00000000', actual: '201.00000000' }]);
    expect(await metrics()).toContain('reef_reconciliation_mismatches{check="escrow_accounts"} 1');
  });

  it('catches a corrupted balance: an account that is no longer the sum of its postings', async () => {
    await corrupt(sql`update ledger_accounts set balance = balance - 7 where user_id = ${alice.uid} and asset = 'usdt'`);
    const bad = await run();
    expect(statuses(bad)).toMatchObject({ journal_balanced: 'ok', account_balances: 'failed', escrow_accounts: 'failed', chain_reserves: 'ok' });
    const [account] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`select id::text from ledger_accounts where user_id = ${alice.uid} and asset = 'usdt'`),
    );
    // The lines still run to 699 (balance_after agrees with them): only the balance itself is off.
    expect(check(bad, 'account_balances')).toMatchObject({
      mismatch_count: 1,
      mismatches: [{ subject: `account ${account!.id} (user ${alice.uid}, usdt)`, expected: '699.00000000', actual: '692.00000000' }],
    });
    const text = await metrics();
    expect(text).toContain('reef_reconciliation_ok{check="account_balances"} 0');
    expect(text).toContain('reef_reconciliation_ok{check="escrow_accounts"} 0');
    expect((await auditActions()).map((a) => [a.action, a.after.failed])).toEqual([
      ['reconciliation.failed', ['chain_reserves']],
      ['reconciliation.recovered', []],
      ['reconciliation.failed', ['escrow_accounts']],
      ['reconciliation.failed', ['account_balances', 'escrow_accounts']],
    ]);

    const status = await t.call({ method: 'GET', url: '/api/admin/reconciliation?limit=2', token: operator.token });
    expect(status.data.latest).toEqual(bad);
    expect(status.data.list.map((r: ReconciliationRun) => r.id)).toEqual([bad.id, bad.id - 1]);
    expect(status.data.total).toBeGreaterThanOrEqual(7);
  });

  it('the job runner runs it on its interval; the same failure again adds nothing to the audit log', async () => {
    const before = (await auditActions()).length;
    const { latest } = (await t.call({ method: 'GET', url: '/api/admin/reconciliation', token: auditor.token })).data as { latest: ReconciliationRun };
    const errors: unknown[] = [];
    const runner = await startBackgroundJobs({
      db: t.database.db,
      config: { ...t.config, reconciliationIntervalMs: 50, jobPollMs: 20 },
      chain: t.app.chain,
      log: { warn: () => undefined, error: (details) => errors.push(details) },
    });
    try {
      await expect
        .poll(async () => (await t.call({ method: 'GET', url: '/api/admin/reconciliation', token: auditor.token })).data.latest.id, { timeout: 15_000 })
        .toBeGreaterThan(latest.id);
    } finally {
      await runner.stop();
    }
    expect(errors).toEqual([]);
    const scheduled = (await t.call({ method: 'GET', url: '/api/admin/reconciliation', token: auditor.token })).data.latest as ReconciliationRun;
    expect(scheduled).toMatchObject({ trigger: 'schedule', requested_by: null, ok: false });
    expect(statuses(scheduled)).toMatchObject({ account_balances: 'failed', escrow_accounts: 'failed' });
    expect((await auditActions()).length).toBe(before);
  });

  it('an RPC that does not answer fails the chain check as an error, without naming the URL', async () => {
    const unreachable = 'http://127.0.0.1:9/secret-key-in-path';
    const broken = await runReconciliation(
      { db: t.database.db, chain: createChainClient(unreachable), chainConfig: { ...t.config.chain!, rpcUrl: unreachable } },
      null,
    );
    expect(broken.ok).toBe(false);
    expect(check(broken, 'chain_reserves')).toMatchObject({ status: 'error', mismatch_count: 0 });
    expect(check(broken, 'chain_reserves').detail).toBeTruthy();
    expect(JSON.stringify(broken)).not.toContain('secret-key-in-path');
    expect((await auditActions()).at(-1)).toMatchObject({
      action: 'reconciliation.failed',
      after: expect.objectContaining({ failed: ['account_balances', 'chain_reserves', 'escrow_accounts'] }),
    });
    expect(await metrics()).toContain('reef_reconciliation_ok{check="chain_reserves"} 0');
  });

  it('administrators and auditors run it; operators read it; users and strangers are refused', async () => {
    expect((await t.call({ method: 'POST', url: '/api/admin/reconciliation/run', token: operator.token })).http).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/admin/reconciliation/run', token: alice.token })).http).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/admin/reconciliation', token: alice.token })).http).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/admin/reconciliation' })).http).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/admin/reconciliation?limit=0', token: auditor.token })).data.code).toBe('PARAMETER_ERROR');
    // An operator's run is audited like every admin change, under their name.
    const [entry] = rowsOf<{ actor_id: number }>(
      await t.database.db.execute(sql`select actor_id from audit_log where action = 'POST /api/admin/reconciliation/run' order by id limit 1`),
    );
    expect(entry?.actor_id).toBe(auditor.uid);
  });
});
