import { describe, expect, it } from 'vitest';
import { derivationsRunning, hashPayPassword, MAX_CONCURRENT_DERIVATIONS, payPasswordMatches } from './pay-password-hash.js';

describe('transaction password hash', () => {
  it('stores scrypt parameters, a 16-byte salt and a 32-byte key, and verifies only the right password', async () => {
    const stored = await hashPayPassword('012345');
    const [prefix, n, r, p, salt, key] = stored.split('$');
    expect([prefix, n, r, p]).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64url')).toHaveLength(32);
    expect(stored).not.toContain('012345');
    expect(await payPasswordMatches('012345', stored)).toBe(true);
    expect(await payPasswordMatches('12345', stored)).toBe(false);
    expect(await payPasswordMatches('012346', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPayPassword('111111')).not.toBe(await hashPayPassword('111111'));
  });

  it('reads the cost from the stored value, so it can be raised later', async () => {
    const stored = await hashPayPassword('123456');
    const cheaper = stored.replace('$16384$', '$1024$');
    expect(await payPasswordMatches('123456', cheaper)).toBe(false);
  });

  it('treats a malformed stored value as a fault, not as a wrong password', async () => {
    for (const stored of ['', 'bcrypt$1$2$3$a$b', 'scrypt$x$8$1$a$b', 'scrypt$16384$8$1$a', 'scrypt$16384$8$1$a$b$c']) {
      await expect(payPasswordMatches('123456', stored), stored).rejects.toThrow(/malformed/);
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
    const hashes = await Promise.all(Array.from({ length: 3 * MAX_CONCURRENT_DERIVATIONS + 2 }, (_, i) => hashPayPassword(String(100000 + i))));
    sampling = false;
    expect(highest).toBe(MAX_CONCURRENT_DERIVATIONS);
    expect(derivationsRunning()).toBe(0);
    expect(await payPasswordMatches('100003', hashes[3]!)).toBe(true);
  });
});
