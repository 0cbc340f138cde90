import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { derivationsRunning, hashPayPassword, MAX_CONCURRENT_DERIVATIONS, needsRehash, payPasswordMatches } from './pay-password-hash.js';

const PEPPER = randomBytes(32);

describe('transaction password hash without a pepper', () => {
  it('stores scrypt parameters, a 16-byte salt and a 32-byte key, and verifies only the right password', async () => {
    const stored = await hashPayPassword('012345', null);
    const [prefix, n, r, p, salt, key] = stored.split('$');
    expect([prefix, n, r, p]).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64url')).toHaveLength(32);
    expect(stored).not.toContain('012345');
    expect(await payPasswordMatches('012345', stored, null)).toBe(true);
    expect(await payPasswordMatches('12345', stored, null)).toBe(false);
    expect(await payPasswordMatches('012346', stored, null)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPayPassword('111111', null)).not.toBe(await hashPayPassword('111111', null));
  });

  it('reads the cost from the stored value, so it can be raised later', async () => {
    const stored = await hashPayPassword('123456', null);
    const cheaper = stored.replace('$16384$', '$1024$');
    expect(await payPasswordMatches('123456', cheaper, null)).toBe(false);
  });

  it('treats a malformed stored value as a fault, not as a wrong password', async () => {
    for (const stored of ['', 'bcrypt$1$2$3$a$b', 'scrypt$x$8$1$a$b', 'scrypt$16384$8$1$a', 'scrypt$16384$8$1$a$b$c']) {
      await expect(payPasswordMatches('123456', stored, null), stored).rejects.toThrow(/malformed/);
    }
  });

  it('runs at most MAX_CONCURRENT_DERIVATIONS at once, leaving the threadpool and a core to the rest; all complete', async () => {
    let highest = 0;
    let sampling = true;
    const sample = () => {
      highest = Math.max(highest, derivationsRunning());
      if (sampling) setImmediate(sample);
    };
    sample();
    const hashes = await Promise.all(Array.from({ length: 3 * MAX_CONCURRENT_DERIVATIONS + 2 }, (_, i) => hashPayPassword(String(100000 + i), null)));
    sampling = false;
    expect(highest).toBe(MAX_CONCURRENT_DERIVATIONS);
    expect(derivationsRunning()).toBe(0);
    expect(await payPasswordMatches('100003', hashes[3]!, null)).toBe(true);
  });
});

describe('transaction password hash with a pepper (decision 106)', () => {
  it('keys the password with the pepper before a cheaper scrypt; only the right password and pepper match', async () => {
    const stored = await hashPayPassword('012345', PEPPER);
    const [kind, n, r, p] = stored.split('$');
    expect([kind, n, r, p]).toEqual(['scrypt-peppered', '256', '8', '1']);
    expect(await payPasswordMatches('012345', stored, PEPPER)).toBe(true);
    expect(await payPasswordMatches('012346', stored, PEPPER)).toBe(false);
    // The table alone is not enough: under another pepper the right password does not match.
    expect(await payPasswordMatches('012345', stored, randomBytes(32))).toBe(false);
    // A peppered hash on a server without the pepper is a configuration fault, never a wrong password.
    await expect(payPasswordMatches('012345', stored, null)).rejects.toThrow(/PAY_PASSWORD_PEPPER/);
  });

  it('says which stored hashes to replace: the unpeppered kind once a pepper is configured, and another cost', async () => {
    const unpeppered = await hashPayPassword('123456', null);
    const peppered = await hashPayPassword('123456', PEPPER);
    expect(needsRehash(unpeppered, PEPPER)).toBe(true);
    expect(needsRehash(peppered, PEPPER)).toBe(false);
    expect(needsRehash(unpeppered, null)).toBe(false);
    expect(needsRehash(peppered.replace('$256$', '$512$'), PEPPER)).toBe(true);
    // An unpeppered hash still verifies on a peppered server (it is replaced at that match).
    expect(await payPasswordMatches('123456', unpeppered, PEPPER)).toBe(true);
  });
});
