import { createHash, createHmac, randomBytes } from 'node:crypto';
import { toHex as bytesToHex } from './hmac-sha256.js';
import { describe, expect, it } from 'vitest';
import { FairStream, fairKey, roundDigest, serverSeedHash } from './fair.js';
import { DEFAULT_BLIND_BOX_MULTIPLIERS, DEFAULT_SLOT_PAYTABLE, blindBoxOutcome, slotOutcome } from './outcomes.js';

const SEED = 'a'.repeat(64);

describe('the fair function', () => {
  it('matches the vectors computed once and frozen (decision 070)', () => {
    expect(serverSeedHash(SEED)).toBe('ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb');
    const seeds = { serverSeed: SEED, clientSeed: 'reef', nonce: 0 };
    expect(bytesToHex(roundDigest(seeds, 0))).toBe('0a6c32d5e7a536dc8be9649b330bb2e74ab9d54502e92a84a7bc813ad904f693');
    expect(slotOutcome(seeds, DEFAULT_SLOT_PAYTABLE).stops).toEqual([9, 10, 12]);
    expect(blindBoxOutcome(seeds, DEFAULT_BLIND_BOX_MULTIPLIERS, 2)).toEqual({ arrangement: [2, 4, 3, 0, 1], multiplier: '1.3', cents: 130 });
    expect(FROZEN.map((v) => computed(v))).toEqual(FROZEN.map((v) => v.expect));
  });

  it('is HMAC-SHA256 as any other implementation computes it', () => {
    for (let i = 0; i < 200; i += 1) {
      const serverSeed = randomBytes(32).toString('hex');
      const clientSeed = randomBytes(1 + (i % 40)).toString('base64');
      const nonce = i * 7919;
      const expected = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:3`).digest('hex');
      expect(bytesToHex(roundDigest({ serverSeed, clientSeed, nonce }, 3))).toBe(expected);
      expect(bytesToHex(fairKey(serverSeed).digest(`${clientSeed}:${nonce}:3`))).toBe(expected);
      expect(serverSeedHash(serverSeed)).toBe(createHash('sha256').update(serverSeed).digest('hex'));
    }
  });

  it('reads the next round when a digest runs out of words', () => {
    const stream = new FairStream({ serverSeed: SEED, clientSeed: 'reef', nonce: 1 });
    const words = Array.from({ length: 9 }, () => stream.nextWord());
    expect(stream.rounds).toBe(2);
    const second = roundDigest({ serverSeed: SEED, clientSeed: 'reef', nonce: 1 }, 1);
    expect(words[8]).toBe(((second[0]! << 24) | (second[1]! << 16) | (second[2]! << 8) | second[3]!) >>> 0);
  });

  it('refuses a range it cannot draw from', () => {
    const stream = new FairStream({ serverSeed: SEED, clientSeed: 'reef', nonce: 1 });
    for (const n of [0, -1, 1.5, 2 ** 32 + 1]) expect(() => stream.nextInt(n)).toThrow(RangeError);
    expect(stream.nextInt(1)).toBe(0);
  });
});

describe('no modulo bias (chi-square over 1,000,000 draws)', () => {
  const DRAWS = 1_000_000;
  const key = fairKey(SEED);

  function counts(n: number, buckets: number, bucketOf: (value: number) => number) {
    const seen = new Array<number>(buckets).fill(0);
    let nonce = 0;
    let stream = new FairStream({ serverSeed: key, clientSeed: 'chi', nonce });
    for (let i = 0; i < DRAWS; i += 1) {
      // 8 draws per bet, as a bet would take them.
      if (i % 8 === 0) stream = new FairStream({ serverSeed: key, clientSeed: 'chi', nonce: nonce++ });
      seen[bucketOf(stream.nextInt(n))]! += 1;
    }
    return seen;
  }

  const chiSquare = (seen: number[]) => {
    const expected = DRAWS / seen.length;
    return seen.reduce((sum, o) => sum + (o - expected) ** 2 / expected, 0);
  };

  it('draws each of 21 reel stops equally often (df 20, p = 0.001 critical value 45.31)', () => {
    const seen = counts(21, 21, (v) => v);
    expect(chiSquare(seen)).toBeLessThan(45.31);
  }, 120_000);

  it('keeps thirds of n = 3·2^30 equal, where w mod n would give the first third half the draws (df 2, critical 13.82)', () => {
    const n = 3 * 2 ** 30;
    const seen = counts(n, 3, (v) => Math.floor(v / 2 ** 30));
    expect(chiSquare(seen)).toBeLessThan(13.82);
    expect(seen[0]! / DRAWS).toBeLessThan(0.34);
  }, 120_000);

  it('shuffles 3 boxes into each of the 6 orders equally often (df 5, critical 20.52)', () => {
    const index = new Map(['0,1,2', '0,2,1', '1,0,2', '1,2,0', '2,0,1', '2,1,0'].map((k, i) => [k, i]));
    const seen = new Array<number>(6).fill(0);
    for (let nonce = 0; nonce < DRAWS; nonce += 1) {
      seen[index.get(new FairStream({ serverSeed: key, clientSeed: 'box', nonce }).shuffle(3).join(','))!]! += 1;
    }
    expect(chiSquare(seen)).toBeLessThan(20.52);
  }, 120_000);
});

interface Vector {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  expect: { hash: string; slot: number[]; box: number[] };
}
const computed = (v: Vector) => ({
  hash: serverSeedHash(v.serverSeed),
  slot: slotOutcome(v, DEFAULT_SLOT_PAYTABLE).stops,
  box: blindBoxOutcome(v, DEFAULT_BLIND_BOX_MULTIPLIERS, 0).arrangement,
});
/** Computed once on 2026-11-27 by this implementation (checked against node:crypto above) and frozen. */
const FROZEN: Vector[] = [
  {
    serverSeed: '0000000000000000000000000000000000000000000000000000000000000000',
    clientSeed: 'client',
    nonce: 0,
    expect: { hash: '60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55', slot: [2, 17, 16], box: [4, 2, 1, 3, 0] },
  },
  {
    serverSeed: '3f1c8a7e5d9b2c4f6a8e0d1b3c5f7a9e2d4c6b8a0f1e3d5c7b9a1f3e5d7c9b0a',
    clientSeed: 'lucky tiger 🐯',
    nonce: 1,
    expect: { hash: '39cec39c66ba1ffb3a5f91c5a92ef84d851205a6bed1170f339f75977767b257', slot: [6, 15, 5], box: [0, 1, 3, 2, 4] },
  },
  {
    serverSeed: 'reef-demo-seed',
    clientSeed: 'a:b:c',
    nonce: 42,
    expect: { hash: '9a21e341bc46a11bb31400619a36fc7d37640f612bb98b64e732c3281d4e217d', slot: [6, 16, 1], box: [2, 0, 4, 3, 1] },
  },
  {
    serverSeed: 'ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff',
    clientSeed: 'x'.repeat(64),
    nonce: 999999,
    expect: { hash: 'df0790f236013511e91fa4532fb7761f62320a51a3868dabf4a13fe5f53e3263', slot: [0, 5, 17], box: [0, 1, 3, 4, 2] },
  },
];
