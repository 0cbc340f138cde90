/**
 * Decision 082: a role change or a freeze made on one server process holds on every other from the next request,
 * although each process caches sessions and the access book (the `access` notice on the Redis broadcast drops them).
 * Two real server processes on one PostgreSQL database and one Redis; needs TEST_DATABASE_URL and REDIS_URL.
 */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { requiredService } from '../../test/required-services.js';
import { callApi, signInOverHttp } from '../../test/server-process.js';
import { twoServerNodes } from '../../test/two-nodes.js';

const databaseServer = requiredService('TEST_DATABASE_URL');
const redisUrl = requiredService('REDIS_URL');
const adminWallet = privateKeyToAccount(generatePrivateKey());

/** Calls until `done` holds or a second passes; answers the last status. */
async function within(call: () => ReturnType<typeof callApi>, done: (answer: Awaited<ReturnType<typeof callApi>>) => boolean) {
  const started = performance.now();
  for (;;) {
    const answer = await call();
    if (done(answer) || performance.now() - started > 1_000) return answer;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.runIf(databaseServer && redisUrl)('role changes across server processes', () => {
  const cluster = twoServerNodes(databaseServer!, redisUrl!, 'reef_roles', { ADMIN_ADDRESSES: adminWallet.address });

  it('a grant on one process opens the admin routes on the other; a revocation closes them', async () => {
    const { one, two } = cluster;
    const admin = await signInOverHttp(one.origin, adminWallet);
    const wallet = privateKeyToAccount(generatePrivateKey());
    const operator = await signInOverHttp(one.origin, wallet);
    const list = () => callApi(two.origin, 'GET', '/api/admin/withdrawals', operator.token);
    // Node two has now cached the session and the access book without the role.
    expect((await list()).status).toBe(403);
    expect((await callApi(one.origin, 'POST', '/api/admin/roles/grant', admin.token, { account: wallet.address, role: 'auditor' })).status).toBe(200);
    expect((await within(list, (a) => a.status === 200)).status).toBe(200);
    expect((await callApi(two.origin, 'POST', '/api/admin/roles/revoke', admin.token, { account: wallet.address, role: 'auditor' })).status).toBe(200);
    expect(
      (
        await within(
          () => callApi(one.origin, 'GET', '/api/admin/withdrawals', operator.token),
          (a) => a.status === 403,
        )
      ).status,
    ).toBe(403);
  });

  it('a freeze on one process stops money on the other at the next request', async () => {
    const { one, two } = cluster;
    const admin = await signInOverHttp(one.origin, adminWallet);
    const user = await signInOverHttp(two.origin);
    const transfer = () =>
      callApi(two.origin, 'POST', '/api/finance/other/trade', user.token, { to: admin.uid, amount: '1', asset: 'usdt', password: '123456' });
    // Not frozen: refused for its own reasons (no transaction password), not ACCOUNT_FROZEN.
    expect((await transfer()).data.code).not.toBe('ACCOUNT_FROZEN');
    expect((await callApi(one.origin, 'POST', `/api/admin/users/${user.uid}/freeze`, admin.token, { frozen: true, reason: 'test' })).status).toBe(200);
    expect((await within(transfer, (a) => a.data?.code === 'ACCOUNT_FROZEN')).data.code).toBe('ACCOUNT_FROZEN');
  });
});
