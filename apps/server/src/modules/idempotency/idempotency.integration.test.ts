/**
 * Issue 9 §3: an Idempotency-Key stands for the request as the contract reads it, not for its spelling. `2` and
 * `2.0`, or a checksummed and a lower-case address, are the same transfer: the retry replays the first answer
 * and money moves once. A different amount under the same key is still refused.
 */
import { describe, expect, it } from 'vitest';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';

const PASSWORD = '975310';

describe.each(databaseKinds)('idempotency keys compare the parsed request on %s', (kind) => {
  let t: TestApp, alice: SignedInUser, bob: SignedInUser;
  withTestApp(kind, async (app) => {
    t = app;
    alice = await t.signInPayer(PASSWORD, { usdt: '100' });
    bob = await t.signIn();
  });

  const transfer = (key: string, payload: Record<string, unknown>) =>
    t.call({
      method: 'POST',
      url: '/api/finance/other/trade',
      token: alice.token,
      payload: { asset: 'usdt', password: PASSWORD, ...payload },
      headers: { 'idempotency-key': key },
    });
  const balance = async (user: SignedInUser) =>
    (await t.call({ method: 'GET', url: '/api/user/info', token: user.token })).data.balances.find((b: { key: string }) => b.key === 'usdt').amount;

  it('replays a retry that spells the same amount and address differently; money moves once', async () => {
    const key = `key-${Date.now()}-spelling`;
    const checksummed = bob.wallet.address; // mixed case (EIP-55)
    expect(checksummed).not.toBe(checksummed.toLowerCase());
    const first = await transfer(key, { to: checksummed, amount: '2' });
    expect(first.status).toBe(200);
    for (const payload of [
      { to: checksummed.toLowerCase(), amount: '2.0' },
      { to: checksummed, amount: '02.00000000' },
    ]) {
      const again = await transfer(key, payload);
      expect({ status: again.status, data: again.data }).toEqual({ status: 200, data: first.data });
    }
    expect(await balance(bob)).toBe('2.00000000');
    expect(await balance(alice)).toBe('98.00000000');
  });

  it('still refuses the same key for a different request', async () => {
    const key = `key-${Date.now()}-different`;
    expect((await transfer(key, { to: bob.account, amount: '1' })).status).toBe(200);
    const other = await transfer(key, { to: bob.account, amount: '1.5' });
    expect(other.data).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await balance(bob)).toBe('3.00000000');
  });

  it('replays a transfer named by uid, and by the same uid spelt with spaces', async () => {
    const key = `key-${Date.now()}-uid`;
    const first = await transfer(key, { to: String(bob.uid), amount: '1' });
    expect(first.status).toBe(200);
    const again = await transfer(key, { to: ` ${bob.uid} `, amount: '1.0' });
    expect({ status: again.status, data: again.data }).toEqual({ status: 200, data: first.data });
    // The same person by address is a different request text: the key is not reused for it.
    expect((await transfer(key, { to: bob.account, amount: '1' })).data).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await balance(bob)).toBe('4.00000000');
  });

  it('a different password under the same key is the same request: the key digest never holds the password', async () => {
    const key = `key-${Date.now()}-password`;
    expect((await transfer(key, { to: bob.account, amount: '1' })).status).toBe(200);
    const wrong = await transfer(key, { to: bob.account, amount: '1', password: '000000' });
    expect(wrong.data.code).toBe('PAY_PASSWORD_WRONG');
    const replay = await transfer(key, { to: bob.account, amount: '1' });
    expect(replay.status).toBe(200);
    expect(await balance(bob)).toBe('5.00000000');
  });
});
