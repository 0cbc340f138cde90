/**
 * The audit log (decision 083): every change through an admin route is written once by the endpoint plugin with
 * who, when, from where, what, and the values before and after; reads are not; the table refuses UPDATE, DELETE
 * and TRUNCATE in the database; the log is searchable.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../core/errors.js';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';
import { runAuditedWrite, type AuditedAction } from './audited-write.js';

describe.each(databaseKinds)('the audit log on %s', (kind) => {
  let t: TestApp, alice: SignedInUser;

  withTestApp(kind, async (app) => {
    t = app;
    alice = await t.signIn();
  });

  const search = (query: string) => t.call({ method: 'GET', url: `/api/admin/audit?${query}`, token: t.admin.token });

  it('a balance adjustment is kept with who, when, from where, what, before and after', async () => {
    await t.fund(alice.uid, 'usdt', '40');
    const adjust = await t.call({
      method: 'POST',
      url: '/api/admin/ledger/adjust',
      token: t.admin.token,
      payload: { uid: alice.uid, asset: 'usdt', amount: '-15', memo: 'duplicate deposit reversed' },
    });
    expect(adjust.status).toBe(200);
    const found = await search('action=ledger/adjust&q=duplicate');
    expect(found.data.total).toBe(1);
    const entry = found.data.list[0];
    expect(entry).toMatchObject({
      actor: t.admin.uid,
      actor_account: t.admin.account.toLowerCase(),
      action: 'POST /api/admin/ledger/adjust',
      request: { uid: alice.uid, asset: 'usdt', amount: '-15.00000000', memo: 'duplicate deposit reversed' },
      before: { uid: alice.uid, asset: 'usdt', balance: '40.00000000' },
      after: { uid: alice.uid, asset: 'usdt', balance: '25.00000000', entry_id: adjust.data.entry_id },
    });
    expect(entry.ip).toMatch(/^127\./);
    expect(Date.now() - Date.parse(entry.created_at)).toBeLessThan(60_000);
  });

  it('reads and refused calls write nothing; a change with path parameters keeps them as the target', async () => {
    const before = (await search('')).data.total;
    await t.call({ method: 'GET', url: '/api/admin/withdrawals', token: t.admin.token });
    await t.call({ method: 'POST', url: '/api/admin/ledger/adjust', token: alice.token, payload: { uid: alice.uid, asset: 'usdt', amount: '5', memo: 'x' } });
    expect((await search('')).data.total).toBe(before);
    await t.call({ method: 'POST', url: `/api/admin/users/${alice.uid}/freeze`, token: t.admin.token, payload: { frozen: true, reason: 'review' } });
    const freeze = (await search('action=freeze')).data.list[0];
    expect(freeze).toMatchObject({ target: { id: alice.uid }, before: { uid: alice.uid, frozen: false }, after: { uid: alice.uid, frozen: true } });
    expect((await search(`actor=${t.admin.uid}&action=freeze`)).data.total).toBe(1);
    expect((await search(`actor=${alice.uid}`)).data.total).toBe(0);
    expect((await search('from=2100-01-01T00:00:00Z')).data.total).toBe(0);
    expect((await search('page=1&limit=1')).data.list).toHaveLength(1);
  });

  it('a failing audit insert rolls the change back: neither the change nor its row (decision 093)', async () => {
    const db = t.database.db;
    await t.fund(alice.uid, 'usdt', '10');
    const balance = async () => (await t.call({ method: 'GET', url: '/api/user/info', token: alice.token })).data;
    const before = await balance();
    const rows = (await search('')).data.total;
    // The database refuses this one audit row, as a full disk or a broken constraint would.
    await db.execute(
      sql.raw(`create function refuse_audit() returns trigger language plpgsql as $$
        begin if new.request->>'memo' = 'audit refused' then raise exception 'audit row refused'; end if; return new; end $$`),
    );
    await db.execute(sql.raw(`create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`));
    try {
      const adjust = await t.call({
        method: 'POST',
        url: '/api/admin/ledger/adjust',
        token: t.admin.token,
        payload: { uid: alice.uid, asset: 'usdt', amount: '7', memo: 'audit refused' },
      });
      expect(adjust.http).toBe(500);
      const frozen = await t.call({
        method: 'POST',
        url: `/api/admin/users/${alice.uid}/freeze`,
        token: t.admin.token,
        payload: { frozen: true, reason: 'audit refused' },
      });
      expect(frozen.http).toBe(200);
    } finally {
      await db.execute(sql.raw(`drop trigger refuse_audit on audit_log`));
      await db.execute(sql.raw(`drop function refuse_audit()`));
    }
    expect(await balance()).toEqual(before);
    const entries = (await db.execute(sql`select count(*)::int as n from journal_entries where memo = 'audit refused'`)) as unknown as {
      rows: { n: number }[];
    };
    expect(entries.rows[0]!.n).toBe(0);
    // The freeze (its reason is not the refused memo) committed with its row; the adjustment left nothing.
    expect((await search('')).data.total).toBe(rows + 1);
    expect((await search('q=audit%20refused')).data.list.map((row: { action: string }) => row.action)).toEqual([`POST /api/admin/users/:id/freeze`]);
    await t.call({ method: 'POST', url: `/api/admin/users/${alice.uid}/freeze`, token: t.admin.token, payload: { frozen: false, reason: 'done' } });
  });

  it('after-commit effects see the committed change and its row; a refused change runs none and writes no row', async () => {
    const db = t.database.db;
    const action = (memo: string): AuditedAction => ({
      actorId: t.admin.uid,
      actorAccount: t.admin.account.toLowerCase(),
      ip: '127.0.0.1',
      action: 'POST /api/admin/stored-action',
      target: null,
      request: { memo },
    });
    const rowsFor = async (memo: string) =>
      ((await db.execute(sql`select count(*)::int as n from audit_log where request->>'memo' = ${memo}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const seen: number[] = [];
    const answer = await runAuditedWrite(db, action('effect committed'), async (work) => {
      work.audit.before = { step: 0 };
      // Read on the database's own handle: only a committed row is there.
      work.afterCommit(async () => void seen.push(await rowsFor('effect committed')));
      return { step: 1 };
    });
    expect(answer).toEqual({ step: 1 });
    expect(seen).toEqual([1]);

    let ran = false;
    const refused = runAuditedWrite(db, action('effect refused'), async (work) => {
      work.afterCommit(() => (ran = true));
      throw new DomainError('NOT_FOUND');
    });
    await expect(refused).rejects.toThrow(DomainError);
    expect(ran).toBe(false);
    expect(await rowsFor('effect refused')).toBe(0);
  });

  it('an ordinary user cannot read the log', async () => {
    expect((await t.call({ method: 'GET', url: '/api/admin/audit', token: alice.token })).http).toBe(403);
  });

  it('the database refuses UPDATE, DELETE and TRUNCATE of the log', async () => {
    const db = t.database.db;
    const count = async () => ((await db.execute(sql`select count(*)::int as n from audit_log`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const rows = await count();
    expect(rows).toBeGreaterThan(0);
    /** The database's own message (Drizzle wraps it as the cause). */
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'accepted',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(await refusal(db.execute(sql`update audit_log set after = '{}'::jsonb`))).toMatch(/audit log is append-only \(UPDATE/);
    expect(await refusal(db.execute(sql`delete from audit_log`))).toMatch(/audit log is append-only \(DELETE/);
    expect(await refusal(db.execute(sql`truncate audit_log`))).toMatch(/audit log is append-only \(TRUNCATE/);
    expect(await count()).toBe(rows);
  });
});
