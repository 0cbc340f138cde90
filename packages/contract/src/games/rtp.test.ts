/**
 * Return to player measured by playing 10,000,000 rounds of each game and paytable through the fair function
 * (decision 070): the measured RTP must be within ±0.3 percentage points of the configured one. One HMAC per
 * round (a spin's three stops and a box shuffle come from one digest's words), the key's pads hashed once.
 */
import { describe, expect, it } from 'vitest';
import { FairStream, fairKey } from './fair.js';
import {
  DEFAULT_BLIND_BOX_MULTIPLIERS,
  DEFAULT_SLOT_PAYTABLE,
  blindBoxOutcome,
  blindBoxRtp,
  multiplierCents,
  slotOutcome,
  slotRtp,
  type SlotPaytable,
} from './outcomes.js';

const ROUNDS = Number(process.env.GAME_RTP_ROUNDS ?? 10_000_000);
const TOLERANCE = 0.003;
const key = fairKey('7d2c1f0e9b8a7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d');

const LOW_EDGE_SLOT: SlotPaytable = {
  three: { tiger: '120', dolphin: '60', turtle: '30', manta: '16', lionfish: '10', clownfish: '10' },
  tiger_two: '12',
  tiger_one: '2',
};

describe.each([
  { name: 'default', multipliers: [...DEFAULT_BLIND_BOX_MULTIPLIERS] },
  { name: 'three boxes', multipliers: ['0', '0.9', '2'] },
])('blind box, $name paytable', ({ multipliers }) => {
  it(`returns its configured RTP over ${ROUNDS.toLocaleString('en')} rounds`, () => {
    const configured = blindBoxRtp(multipliers);
    let cents = 0;
    for (let nonce = 0; nonce < ROUNDS; nonce += 1) {
      cents += blindBoxOutcome({ serverSeed: key, clientSeed: 'rtp', nonce }, multipliers, nonce % multipliers.length).cents;
    }
    const measured = cents / 100 / ROUNDS;
    expect(Math.abs(measured - configured), `measured ${measured}, configured ${configured}`).toBeLessThanOrEqual(TOLERANCE);
  }, 600_000);
});

describe.each([
  { name: 'default', paytable: DEFAULT_SLOT_PAYTABLE },
  { name: 'lower edge', paytable: LOW_EDGE_SLOT },
])('slot machine, $name paytable', ({ paytable }) => {
  it(`returns its configured RTP over ${ROUNDS.toLocaleString('en')} spins`, () => {
    const configured = slotRtp(paytable);
    let cents = 0;
    let digests = 0;
    for (let nonce = 0; nonce < ROUNDS; nonce += 1) {
      cents += slotOutcome({ serverSeed: key, clientSeed: 'rtp', nonce }, paytable).cents;
      if (nonce < 10_000) digests += new FairStream({ serverSeed: key, clientSeed: 'rtp', nonce }).rounds;
    }
    // Each spin is read across 5 lines of a fifth of the stake.
    const measured = cents / 500 / ROUNDS;
    expect(Math.abs(measured - configured), `measured ${measured}, configured ${configured}`).toBeLessThanOrEqual(TOLERANCE);
    expect(digests).toBe(0);
  }, 600_000);
});

it('the configured RTPs are the paytables’ exact ones', () => {
  expect(blindBoxRtp(DEFAULT_BLIND_BOX_MULTIPLIERS)).toBe(0.96);
  expect(slotRtp(DEFAULT_SLOT_PAYTABLE)).toBeCloseTo(8885.5 / 9261, 12);
  expect(multiplierCents('26.5')).toBe(2650);
});
