import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { verifyLiabilitiesProof, type LiabilitiesProof } from '@reef/contract';
import { databaseKinds, withTestApp, type SignedInUser, type TestApp } from '../../test/harness.js';
import { startBackgroundJobs } from '../../background-jobs.js';
import { userLiabilities } from '../ledger/ledger.service.js';
import { takeSnapshot } from './liabilities.service.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const amountOf = (totals: { asset: string; amount: string }[], asset: string) => totals.find((t) => t.asset === asset)?.amount;

describe.each(databaseKinds)('proof of liabilities (%s)', (kind) => {
  let t: TestApp, alice: SignedInUser, bob: SignedInUser, operator: SignedInUser, auditor: SignedInUser;
  withTestApp(kind, async (app) => {
    t = app;
    [alice, bob] = [await t.signIn(), await t.signIn()];
    await t.fund(alice.uid, 'usdt', '12.5');
    await t.fund(alice.uid, 'coin', '3.00000001');
    await t.fund(bob.uid, 'usdt', '7');
    const roles = {} as Record<'operator' | 'auditor', SignedInUser>;
    for (const role of ['operator', 'auditor'] as const) {
      const wallet = privateKeyToAccount(generatePrivateKey());
      await t.call({ method: 'POST', url: '/api/admin/roles/grant', token: t.admin.token, payload: { account: wallet.address, role } });
      roles[role] = await t.signIn(wallet);
    }
    ({ operator, auditor } = roles);
  });

  const proofOf = (user: SignedInUser, snapshotId?: number) =>
    t.call({ method: 'GET', url: snapshotId === undefined ? '/api/liabilities/proof' : `/api/liabilities/${snapshotId}/proof`, token: user.token });
  const snapshotBy = (user: SignedInUser, payload: Record<string, unknown> = {}) =>
    t.call({ method: 'POST', url: '/api/admin/liabilities/snapshot', token: user.token, payload });

  it('has nothing to prove before the first snapshot', async () => {
    expect((await t.call({ method: 'GET', url: '/api/liabilities' })).data).toEqual({ latest: null, history: [] });
    expect((await proofOf(alice)).data.code).toBe('LIABILITIES_PROOF_UNAVAILABLE');
  });

  it('lets an operator take a snapshot (audited) whose totals are every user’s balances; auditors and users may not', async () => {
    expect((await snapshotBy(auditor)).http).toBe(403);
    expect((await snapshotBy(alice)).http).toBe(403);
    expect((await snapshotBy(operator, { now: true })).data.code).toBe('PARAMETER_ERROR');
    expect((await t.call({ method: 'GET', url: '/api/liabilities' })).data.latest).toBeNull();

    const taken = await snapshotBy(operator);
    expect(taken.status).toBe(200);
    expect(taken.data).toMatchObject({ trigger: 'operator', leaf_count: 8 });
    expect(taken.data.root).toMatch(/^[0-9a-f]{64}$/);
    const owed = await userLiabilities(t.database.db);
    for (const { asset, amount } of owed) expect(amountOf(taken.data.totals, asset)).toBe(amount);
    expect(amountOf(taken.data.totals, 'usdt')).toBe('19.50000000');
    expect(amountOf(taken.data.totals, 'fuel')).toBe('0.00000000');

    const audit = await t.call({ method: 'GET', url: '/api/admin/audit?action=liabilities', token: t.admin.token });
    expect(audit.data.list[0]).toMatchObject({ actor: operator.uid, action: 'POST /api/admin/liabilities/snapshot', after: { root: taken.data.root } });

    const published = await t.call({ method: 'GET', url: '/api/liabilities' });
    expect(published.data).toEqual({ latest: taken.data, history: [taken.data] });
  });

  it('gives each user their own proof, which verifies against the published root and totals', async () => {
    const { latest } = (await t.call({ method: 'GET', url: '/api/liabilities' })).data;
    const totals = Object.fromEntries(latest.totals.map((x: { asset: string; amount: string }) => [x.asset, x.amount]));
    const [mine, theirs] = [await proofOf(alice), await proofOf(bob)];
    expect(mine.data.snapshot).toEqual(latest);
    const proof: LiabilitiesProof = mine.data.proof;
    expect(proof).toMatchObject({ snapshot_id: latest.id, leaf_count: 8, leaf: { uid: String(alice.uid) } });
    expect(proof.path).toHaveLength(3);
    expect(proof.leaf.balances[proof.assets.indexOf('usdt')]).toBe('12.50000000');
    expect(proof.leaf.balances[proof.assets.indexOf('coin')]).toBe('3.00000001');
    expect(verifyLiabilitiesProof(proof, { hash: latest.root, totals })).toMatchObject({ ok: true, totals });
    expect(verifyLiabilitiesProof(theirs.data.proof, { hash: latest.root, totals })).toMatchObject({ ok: true, uid: String(bob.uid) });
    expect(theirs.data.proof.leaf.index).not.toBe(proof.leaf.index);

    const tampered = structuredClone(proof);
    tampered.leaf.balances[proof.assets.indexOf('usdt')] = '1200.00000000';
    expect(verifyLiabilitiesProof(tampered, { hash: latest.root, totals })).toMatchObject({ ok: false, failure: 'root_mismatch' });
  });

  it('never hands out the snapshot’s secret, and refuses a proof without a token or for a user the snapshot does not cover', async () => {
    const { secret } = rowsOf<{ secret: string }>(await t.database.db.execute(sql`select secret from liabilities_snapshots`))[0]!;
    const answers = JSON.stringify([await proofOf(alice), await proofOf(bob), await t.call({ method: 'GET', url: '/api/liabilities' })]);
    expect(answers).not.toContain(secret);
    expect((await t.call({ method: 'GET', url: '/api/liabilities/proof' })).http).toBe(401);
    const late = await t.signIn();
    expect((await proofOf(late)).data.code).toBe('LIABILITIES_PROOF_UNAVAILABLE');
  });

  it('answers an earlier snapshot’s proof by its id (the caller’s own leaf only); bad ids are refused', async () => {
    const first = (await t.call({ method: 'GET', url: '/api/liabilities' })).data.latest;
    await t.fund(bob.uid, 'usdt', '1');
    const second = await takeSnapshot(t.database.db, 'daily', null);
    expect(second.root).not.toBe(first.root);
    expect(amountOf(second.totals, 'usdt')).toBe('20.50000000');
    // The second snapshot's tree is this process's cached one: the first is rebuilt from its stored leaves.
    const old = await proofOf(alice, first.id);
    expect(old.data.proof.leaf.uid).toBe(String(alice.uid));
    expect(verifyLiabilitiesProof(old.data.proof, { hash: first.root })).toMatchObject({ ok: true });
    expect(verifyLiabilitiesProof((await proofOf(bob)).data.proof, { hash: second.root })).toMatchObject({ ok: true, balances: { usdt: '8.00000000' } });
    expect((await t.call({ method: 'GET', url: '/api/liabilities' })).data.history.map((s: { id: number }) => s.id)).toEqual([second.id, first.id]);

    expect((await proofOf(alice, 999_999)).data.code).toBe('NOT_FOUND');
    for (const id of ['0', '-1', 'abc', '99999999999']) {
      expect((await t.call({ method: 'GET', url: `/api/liabilities/${id}/proof`, token: alice.token })).data.code, id).toBe('PARAMETER_ERROR');
    }
  });

  it('answers requests that arrive while a snapshot is being taken with that one snapshot', async () => {
    const before = (await t.call({ method: 'GET', url: '/api/liabilities' })).data.history.length;
    const [first, second] = await Promise.all([takeSnapshot(t.database.db, 'operator', operator.uid), takeSnapshot(t.database.db, 'daily', null)]);
    expect(second).toEqual(first);
    expect((await t.call({ method: 'GET', url: '/api/liabilities' })).data.history).toHaveLength(before + 1);
  });

  it('keeps every snapshot as it was published: rows are append-only', async () => {
    await expect(t.database.db.execute(sql`update liabilities_snapshots set root = 'x'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from liabilities_leaves`)).rejects.toThrow();
  });
});

describe.each(databaseKinds)('the daily proof-of-liabilities job (%s)', (kind) => {
  let t: TestApp;
  withTestApp({ kind, env: { CLOCK_ADJUSTABLE: '1' } }, async (app) => {
    t = app;
  });

  it('takes a snapshot once a day on the job runner', async () => {
    const errors: unknown[] = [];
    // A long poll: the test drives the runner with runDue, after moving the business clock.
    const runner = await startBackgroundJobs({
      db: t.database.db,
      config: { ...t.config, jobPollMs: 3_600_000 },
      chain: null,
      log: { warn: () => undefined, error: (details) => errors.push(details) },
    });
    try {
      await runner.runDue();
      expect((await t.call({ method: 'GET', url: '/api/liabilities' })).data.latest).toBeNull();
      await t.call({ method: 'POST', url: '/api/test/clock', token: t.admin.token, payload: { advance_ms: 24 * 3_600_000 + 60_000 } });
      await runner.runDue();
      const { latest } = (await t.call({ method: 'GET', url: '/api/liabilities' })).data;
      expect(latest).toMatchObject({ trigger: 'daily', leaf_count: 2 });
      expect(
        verifyLiabilitiesProof((await t.call({ method: 'GET', url: '/api/liabilities/proof', token: t.admin.token })).data.proof, { hash: latest.root }),
      ).toMatchObject({
        ok: true,
      });
    } finally {
      await runner.stop();
      // The clock's offset is the process's: the next suite signs in at the real time.
      await t.call({ method: 'POST', url: '/api/test/clock', token: t.admin.token, payload: { offset_ms: 0 } });
    }
    expect(errors).toEqual([]);
  });
});
