/**
 * Operator roles in the database (decision 082) and the operator's hold on a user (decision 084): seeding from
 * the configuration, a change holding from the holder's next request (the per-process caches dropped at once),
 * the last administrator kept, the desk's agents following the role, frozen users reading but moving no money,
 * sessions ended by an operator.
 */
import { sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';

const PASSWORD = '135790';
const seededAgent = privateKeyToAccount(generatePrivateKey());

describe.each(databaseKinds)('operator roles on %s', (kind) => {
  let t: TestApp, someone: SignedInUser;

  withTestApp({ kind, env: { SERVICE_ADDRESSES: seededAgent.address } }, async (app) => {
    t = app;
    someone = await t.signIn();
  });

  const grant = (account: string, role: string, token = t.admin.token) =>
    t.call({ method: 'POST', url: '/api/admin/roles/grant', token, payload: { account, role } });
  const revoke = (account: string, role: string, token = t.admin.token) =>
    t.call({ method: 'POST', url: '/api/admin/roles/revoke', token, payload: { account, role } });

  it('ADMIN_ADDRESSES and SERVICE_ADDRESSES are seeded as administrator and service agent', async () => {
    const roles = await t.call({ method: 'GET', url: '/api/admin/roles', token: t.admin.token });
    expect(roles.data.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ account: t.admin.account.toLowerCase(), role: 'administrator', seeded: true, uid: t.admin.uid }),
        expect.objectContaining({ account: seededAgent.address.toLowerCase(), role: 'service_agent', seeded: true, uid: null }),
      ]),
    );
    const agent = await t.signIn(seededAgent);
    expect((await t.call({ method: 'GET', url: '/api/chat/service/inbox', token: agent.token })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/admin/me', token: agent.token })).http).toBe(403);
    const me = await t.call({ method: 'GET', url: '/api/admin/me', token: t.admin.token });
    expect(me.data).toEqual({ uid: t.admin.uid, account: t.admin.account.toLowerCase(), roles: ['administrator'] });
  });

  it('a granted or revoked role holds from the next request, without signing in again', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const op = await t.signIn(wallet);
    // Seen once as an ordinary user: the session is in this process's cache.
    expect((await t.call({ method: 'GET', url: '/api/admin/withdrawals', token: op.token })).http).toBe(403);
    expect((await grant(wallet.address, 'operator')).data).toEqual({ account: op.account.toLowerCase(), role: 'operator', granted: true });
    expect((await t.call({ method: 'GET', url: '/api/admin/withdrawals', token: op.token })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/admin/me', token: op.token })).data.roles).toEqual(['operator']);
    // An operator neither adjusts balances nor changes roles.
    expect((await grant(someone.account, 'auditor', op.token)).http).toBe(403);
    expect(
      (await t.call({ method: 'POST', url: '/api/admin/ledger/adjust', token: op.token, payload: { uid: someone.uid, asset: 'usdt', amount: '1', memo: 'x' } }))
        .http,
    ).toBe(403);
    expect((await revoke(wallet.address, 'operator')).data).toEqual({ account: op.account.toLowerCase(), role: 'operator', revoked: true });
    expect((await t.call({ method: 'GET', url: '/api/admin/withdrawals', token: op.token })).http).toBe(403);
    const events = (await t.database.db.execute(
      sql`select payload from business_events where type = 'operator.role_changed' and payload->>'account' = ${op.account.toLowerCase()} order by id`,
    )) as unknown as { rows: { payload: { granted: boolean; role: string } }[] };
    expect(events.rows.map((r) => [r.payload.role, r.payload.granted])).toEqual([
      ['operator', true],
      ['operator', false],
    ]);
  });

  it('a role given in the console to a wallet before it ever signed in holds at its first sign-in', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    await grant(wallet.address, 'auditor');
    const auditor = await t.signIn(wallet);
    expect((await t.call({ method: 'GET', url: '/api/admin/deposits', token: auditor.token })).status).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/admin/deposits/1/approve', token: auditor.token, payload: {} })).http).toBe(403);
  });

  it('an agent appointed in the console answers the desk; removed, the desk refuses them', async () => {
    const agent = await t.signIn();
    expect((await t.call({ method: 'GET', url: '/api/chat/service/inbox', token: agent.token })).data.code).toBe('NOT_SERVICE_AGENT');
    await grant(agent.account, 'service_agent');
    expect((await t.call({ method: 'GET', url: '/api/chat/service/inbox', token: agent.token })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/user/info', token: agent.token })).data.service_agent).toBe(true);
    await revoke(agent.account, 'service_agent');
    expect((await t.call({ method: 'GET', url: '/api/chat/service/inbox', token: agent.token })).data.code).toBe('NOT_SERVICE_AGENT');
  });

  it('the last administrator cannot be removed', async () => {
    const refused = await revoke(t.admin.account, 'administrator');
    expect(refused.data.code).toBe('LAST_ADMINISTRATOR');
    const second = privateKeyToAccount(generatePrivateKey());
    await grant(second.address, 'administrator');
    expect((await revoke(second.address, 'administrator')).data.revoked).toBe(true);
    expect((await t.call({ method: 'GET', url: '/api/admin/me', token: t.admin.token })).data.roles).toEqual(['administrator']);
  });

  it('a frozen user signs in and reads but moves no money; unfrozen, they move it again', async () => {
    const frozen = await t.signInPayer(PASSWORD, { usdt: '100' });
    const transfer = () =>
      t.call({
        method: 'POST',
        url: '/api/finance/other/trade',
        token: frozen.token,
        payload: { to: someone.account, amount: '1', asset: 'usdt', password: PASSWORD },
      });
    expect((await transfer()).status).toBe(200);
    const freeze = await t.call({
      method: 'POST',
      url: `/api/admin/users/${frozen.uid}/freeze`,
      token: t.admin.token,
      payload: { frozen: true, reason: 'chargeback' },
    });
    expect(freeze.data).toEqual({ uid: frozen.uid, frozen: true });
    const refused = await transfer();
    expect(refused.data.code).toBe('ACCOUNT_FROZEN');
    expect((await t.call({ method: 'POST', url: '/api/finance/extract', token: frozen.token, payload: { amount: '50', password: PASSWORD } })).data.code).toBe(
      'ACCOUNT_FROZEN',
    );
    const info = await t.call({ method: 'GET', url: '/api/user/info', token: frozen.token });
    expect(info.data.balances.find((b: { key: string }) => b.key === 'usdt').amount).toBe('99.00000000');
    // A new sign-in is allowed, and still frozen.
    const again = await t.signIn(frozen.wallet);
    expect((await t.call({ method: 'GET', url: '/api/user/info', token: again.token })).status).toBe(200);
    await t.call({ method: 'POST', url: `/api/admin/users/${frozen.uid}/freeze`, token: t.admin.token, payload: { frozen: false, reason: 'cleared' } });
    expect((await transfer()).status).toBe(200);
    expect(
      (await t.call({ method: 'POST', url: '/api/admin/users/999999/freeze', token: t.admin.token, payload: { frozen: true, reason: 'x' } })).data.code,
    ).toBe('USER_NOT_FOUND');
  });

  it('an operator ends every session of a user at once', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const first = await t.signIn(wallet);
    const second = await t.signIn(wallet);
    const revoked = await t.call({ method: 'POST', url: `/api/admin/users/${first.uid}/sessions/revoke`, token: t.admin.token });
    expect(revoked.data).toEqual({ uid: first.uid, revoked: 2 });
    expect((await t.call({ method: 'GET', url: '/api/user/info', token: first.token })).http).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/user/info', token: second.token })).http).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/user/info', token: someone.token })).status).toBe(200);
  });

  it('the console finds users by uid, wallet or nickname and shows one with balances and roles', async () => {
    const alice = await t.signInPayer(PASSWORD, { usdt: '12.5' });
    await t.call({ method: 'POST', url: '/api/user/setInfo', token: alice.token, payload: { nickname: 'Coral Queen' } });
    const find = (q: string) => t.call({ method: 'GET', url: `/api/admin/users?q=${encodeURIComponent(q)}`, token: t.admin.token });
    expect((await find(String(alice.uid))).data.list.map((u: { uid: number }) => u.uid)).toEqual([alice.uid]);
    expect((await find(alice.account.slice(0, 12))).data.list.map((u: { uid: number }) => u.uid)).toContain(alice.uid);
    expect((await find('0x%')).data.total).toBe(0);
    expect((await find('oral que')).data.list.map((u: { uid: number }) => u.uid)).toEqual([alice.uid]);
    const detail = await t.call({ method: 'GET', url: `/api/admin/users/${t.admin.uid}`, token: t.admin.token });
    expect(detail.data).toMatchObject({ user: { uid: t.admin.uid, frozen: false }, team: 0, roles: ['administrator'] });
    const aliceDetail = await t.call({ method: 'GET', url: `/api/admin/users/${alice.uid}`, token: t.admin.token });
    expect(aliceDetail.data.balances).toContainEqual({ asset: 'usdt', amount: '12.50000000' });
    expect((await t.call({ method: 'GET', url: '/api/admin/users/999999', token: t.admin.token })).data.code).toBe('USER_NOT_FOUND');
  });

  it('the dashboard counts users and sums what the platform owes per asset', async () => {
    const board = await t.call({ method: 'GET', url: '/api/admin/dashboard', token: t.admin.token });
    expect(board.data.users_total).toBeGreaterThan(3);
    expect(board.data.users_new_today).toBe(board.data.users_total);
    const usdt = board.data.liabilities.find((l: { asset: string }) => l.asset === 'usdt');
    const sum = (await t.database.db.execute(
      sql`select sum(balance)::numeric(38, 8)::text as s from ledger_accounts where user_id is not null and asset = 'usdt'`,
    )) as unknown as { rows: { s: string }[] };
    expect(usdt.amount).toBe(sum.rows[0]!.s);
  });

  it('four eyes: above the set amount an adjustment waits for a second administrator, who applies it once', async () => {
    const target = await t.signIn();
    const setRule = (above: string | null) => t.call({ method: 'POST', url: '/api/admin/settings/four-eyes', token: t.admin.token, payload: { above } });
    expect((await setRule('100')).data).toEqual({ above: '100.00000000' });
    const adjust = (amount: string) =>
      t.call({ method: 'POST', url: '/api/admin/ledger/adjust', token: t.admin.token, payload: { uid: target.uid, asset: 'usdt', amount, memo: 'goodwill' } });
    expect((await adjust('100')).data).toMatchObject({ balance: '100.00000000' });
    const waiting = await adjust('-150.5');
    expect(waiting.data).toEqual({ request_id: expect.any(Number), status: 'pending' });
    const balance = async () =>
      (await t.call({ method: 'GET', url: `/api/admin/users/${target.uid}`, token: t.admin.token })).data.balances.find(
        (b: { asset: string }) => b.asset === 'usdt',
      ).amount;
    expect(await balance()).toBe('100.00000000');
    const approve = (token: string) => t.call({ method: 'POST', url: `/api/admin/ledger/adjustments/${waiting.data.request_id}/approve`, token });
    expect((await approve(t.admin.token)).data.code).toBe('FOUR_EYES_SAME_ADMINISTRATOR');
    const second = privateKeyToAccount(generatePrivateKey());
    await grant(second.address, 'administrator');
    const secondAdmin = await t.signIn(second);
    // Not enough money for the debit: refused, still pending.
    expect((await approve(secondAdmin.token)).data.code).toBe('INSUFFICIENT_BALANCE');
    await adjust('60');
    const applied = await approve(secondAdmin.token);
    expect(applied.data).toMatchObject({ status: 'approved', decided_by: secondAdmin.uid, amount: '-150.50000000', entry_id: expect.any(Number) });
    expect(await balance()).toBe('9.50000000');
    expect((await approve(secondAdmin.token)).data.code).toBe('ADJUSTMENT_NOT_PENDING');
    const list = await t.call({ method: 'GET', url: '/api/admin/ledger/adjustments?status=approved', token: t.admin.token });
    expect(list.data.list.map((r: { id: number }) => r.id)).toContain(waiting.data.request_id);
    expect((await setRule(null)).data).toEqual({ above: null });
    expect((await adjust('-9.5')).data).toMatchObject({ balance: '0.00000000' });
    await revoke(second.address, 'administrator');
  });
});
