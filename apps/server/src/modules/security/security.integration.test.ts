import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { createTestApp, databaseKinds, type SignedInUser, type TestApp } from '../../test/harness.js';
import { hashPayPassword } from './pay-password-hash.js';

describe.each(databaseKinds)('transaction password without PAY_PASSWORD_PEPPER on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Unset: the unpeppered scrypt of a deployment that has not configured one (decision 106).
    t = await createTestApp(kind, { PAY_PASSWORD_PEPPER: '' });
  });
  afterAll(() => t.close());

  const setPassword = (user: SignedInUser, payload: Record<string, unknown>, language = 'zh-tw') =>
    t.call({ method: 'POST', url: '/api/user/password', token: user.token, payload, headers: { 'accept-language': language } });
  const rows = async <T>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const state = async (user: SignedInUser) =>
    (
      await rows<{ hash: string | null; failures: number; locked_until: string | null }>(
        sql`select pay_password_hash as hash, pay_password_failures as failures, pay_password_locked_until::text as locked_until from users where id = ${user.uid}`,
      )
    )[0]!;
  const hasPayPassword = async (user: SignedInUser) => (await t.call({ method: 'GET', url: '/api/user/info', token: user.token })).data.has_pay_password;
  /** Moves the lock into the past, as if 15 minutes had gone by. */
  const expireLock = (user: SignedInUser) =>
    t.database.db.execute(sql`update users set pay_password_locked_until = now() - interval '1 second' where id = ${user.uid}`);

  it('refuses malformed passwords and mismatched entries, setting nothing', async () => {
    const user = await t.signIn();
    const malformed: Record<string, unknown>[] = [
      { password: '12345', confirm: '12345' },
      { password: '1234567', confirm: '1234567' },
      { password: 'abcdef', confirm: 'abcdef' },
      { password: '12345a', confirm: '12345a' },
      { password: ' 123456', confirm: ' 123456' },
      { password: '１２３４５６', confirm: '１２３４５６' },
      { password: 123456, confirm: 123456 },
      { password: '123456' },
      { confirm: '123456' },
      { password: '123456', confirm: '123456', old_password: '12345' },
    ];
    for (const payload of malformed) {
      const res = await setPassword(user, payload);
      expect(res.data.code, JSON.stringify(payload)).toBe('PARAMETER_ERROR');
    }
    const mismatch = await setPassword(user, { password: '123456', confirm: '123465' }, 'en-us');
    expect([mismatch.status, mismatch.data.code, mismatch.msg]).toEqual([400, 'PAY_PASSWORD_MISMATCH', 'The two passwords do not match']);
    expect(await hasPayPassword(user)).toBe(false);
    expect((await state(user)).hash).toBeNull();
  });

  it('sets the password once, stored as a salted scrypt hash; changing it needs the current one', async () => {
    const user = await t.signIn();
    const set = await setPassword(user, { password: '012345', confirm: '012345' });
    expect([set.status, set.data]).toEqual([200, { has_pay_password: true }]);
    expect(await hasPayPassword(user)).toBe(true);
    const stored = (await state(user)).hash!;
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(stored).not.toContain('012345');

    expect((await setPassword(user, { password: '111111', confirm: '111111' })).data.code).toBe('PAY_PASSWORD_OLD_REQUIRED');
    const wrongOld = await setPassword(user, { password: '111111', confirm: '111111', old_password: '999999' });
    expect(wrongOld.data).toEqual({ code: 'PAY_PASSWORD_WRONG', attempts_left: 4 });
    expect((await state(user)).failures).toBe(1);
    expect((await setPassword(user, { password: '111111', confirm: '111112', old_password: '012345' })).data.code).toBe('PAY_PASSWORD_MISMATCH');
    expect((await state(user)).hash).toBe(stored);

    const changed = await setPassword(user, { password: '111111', confirm: '111111', old_password: '012345' });
    expect(changed.status).toBe(200);
    // The success cleared the earlier failure, and only the new password is accepted now.
    expect((await state(user)).failures).toBe(0);
    expect((await setPassword(user, { password: '222222', confirm: '222222', old_password: '012345' })).data.code).toBe('PAY_PASSWORD_WRONG');
    expect((await setPassword(user, { password: '222222', confirm: '222222', old_password: '111111' })).status).toBe(200);
  });

  it('locks for 15 minutes after 5 wrong passwords in a row, refusing even the right one, then recovers', async () => {
    const user = await t.signIn();
    await setPassword(user, { password: '123456', confirm: '123456' });
    const attempt = (old: string) => setPassword(user, { password: '654321', confirm: '654321', old_password: old }, 'en-us');

    for (const left of [4, 3, 2, 1]) {
      const res = await attempt('000000');
      expect([res.data.code, res.data.attempts_left, res.msg]).toEqual(['PAY_PASSWORD_WRONG', left, 'Incorrect transaction password']);
    }
    const before = Date.now();
    const fifth = await attempt('000000');
    expect(fifth.data.code).toBe('PAY_PASSWORD_LOCKED');
    expect(fifth.msg).toBe('Too many wrong attempts: the transaction password is locked for 15 minutes');
    const lockedFor = Date.parse(fifth.data.locked_until) - before;
    expect(lockedFor).toBeGreaterThan(14 * 60_000);
    expect(lockedFor).toBeLessThanOrEqual(15 * 60_000 + 5_000);

    const right = await attempt('123456');
    expect([right.data.code, right.data.locked_until]).toEqual(['PAY_PASSWORD_LOCKED', fifth.data.locked_until]);
    expect((await setPassword(user, { password: '654321', confirm: '654321' })).data.code).toBe('PAY_PASSWORD_LOCKED');
    // The withdrawal path is refused the same way while locked.
    await t.fund(user.uid, 'usdt', '500');
    const withdrawal = await t.call({ method: 'POST', url: '/api/finance/extract', token: user.token, payload: { amount: '200', password: '123456' } });
    expect(withdrawal.data.code).toBe('PAY_PASSWORD_LOCKED');

    await expireLock(user);
    // A fresh count after the lock: a wrong password leaves 4 tries, the right one then works.
    expect((await attempt('000000')).data.attempts_left).toBe(4);
    expect((await attempt('123456')).status).toBe(200);
    expect(await state(user)).toMatchObject({ failures: 0, locked_until: null });
  });

  it('a success resets the count: only wrong passwords in a row lock', async () => {
    const user = await t.signIn();
    await setPassword(user, { password: '123456', confirm: '123456' });
    const attempt = (old: string) => setPassword(user, { password: '123456', confirm: '123456', old_password: old });
    for (let i = 0; i < 4; i++) expect((await attempt('000000')).data.code).toBe('PAY_PASSWORD_WRONG');
    expect((await attempt('123456')).status).toBe(200);
    for (const left of [4, 3, 2, 1]) expect((await attempt('000000')).data.attempts_left).toBe(left);
    expect((await state(user)).locked_until).toBeNull();
  });

  it('counts concurrent wrong attempts one by one: 12 at once give 4 wrong, then only locks', async () => {
    const user = await t.signIn();
    await setPassword(user, { password: '123456', confirm: '123456' });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => setPassword(user, { password: '654321', confirm: '654321', old_password: String(100000 + i) })),
    );
    const codes = results.map((r) => r.data.code);
    expect(codes.filter((c) => c === 'PAY_PASSWORD_WRONG')).toHaveLength(4);
    expect(codes.filter((c) => c === 'PAY_PASSWORD_LOCKED')).toHaveLength(8);
    expect(new Set(results.filter((r) => r.data.code === 'PAY_PASSWORD_WRONG').map((r) => r.data.attempts_left))).toEqual(new Set([1, 2, 3, 4]));
    // Attempts queued behind the fifth were refused without being evaluated or counted: the lock started
    // the count afresh at 0 and nothing added to it (unserialized checks would have gone on counting).
    expect(await state(user)).toMatchObject({ failures: 0, locked_until: expect.any(String) });
    expect((await setPassword(user, { password: '654321', confirm: '654321', old_password: '123456' })).data.code).toBe('PAY_PASSWORD_LOCKED');
  });

  it('needs a signed-in user', async () => {
    const res = await t.call({ method: 'POST', url: '/api/user/password', payload: { password: '123456', confirm: '123456' } });
    expect([res.http, res.status]).toEqual([401, 410000]);
  });
});

describe.each(databaseKinds)('transaction password with PAY_PASSWORD_PEPPER on %s (decision 106)', (kind) => {
  const PEPPER = 'pepper-for-tests-0123456789abcdefghijklmnopqrstuv';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { PAY_PASSWORD_PEPPER: PEPPER });
  });
  afterAll(() => t.close());

  const hashOf = async (user: SignedInUser) =>
    ((await t.database.db.execute(sql`select pay_password_hash as hash from users where id = ${user.uid}`)) as unknown as { rows: { hash: string }[] }).rows[0]!
      .hash;
  const send = (from: SignedInUser, to: SignedInUser, password: string) =>
    t.call({ method: 'POST', url: '/api/finance/other/trade', token: from.token, payload: { to: String(to.uid), amount: '1', asset: 'usdt', password } });

  it('stores new passwords peppered, never printing the pepper; transfers check them on every call', async () => {
    const payer = await t.signInPayer('246810', { usdt: '10' });
    const payee = await t.signIn();
    expect(await hashOf(payer)).toMatch(/^scrypt-peppered\$256\$8\$1\$/);
    expect(JSON.stringify(t.config)).not.toContain(PEPPER);
    expect((await send(payer, payee, '246810')).status).toBe(200);
    expect((await send(payer, payee, '246811')).data.code).toBe('PAY_PASSWORD_WRONG');
  });

  it('replaces an unpeppered hash from before the pepper at its first match, and a wrong entry still counts', async () => {
    const payer = await t.signInPayer('135791', { usdt: '10' });
    const payee = await t.signIn();
    // As stored before PAY_PASSWORD_PEPPER was configured.
    await t.database.db.execute(sql`update users set pay_password_hash = ${await hashPayPassword('135791', null)} where id = ${payer.uid}`);
    expect((await send(payer, payee, '135790')).data).toMatchObject({ code: 'PAY_PASSWORD_WRONG', attempts_left: 4 });
    expect(await hashOf(payer)).toMatch(/^scrypt\$16384\$/);
    expect((await send(payer, payee, '135791')).status).toBe(200);
    expect(await hashOf(payer)).toMatch(/^scrypt-peppered\$256\$/);
    // The match cleared the count, and the new hash verifies.
    expect((await send(payer, payee, '135791')).status).toBe(200);
    expect((await send(payer, payee, '135790')).data).toMatchObject({ code: 'PAY_PASSWORD_WRONG', attempts_left: 4 });
  });
});
