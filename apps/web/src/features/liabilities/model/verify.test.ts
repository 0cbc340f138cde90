import { describe, expect, it } from 'vitest';
import { buildSumTree, fromUnits, inclusionProof, type LiabilitiesSnapshot } from '@reef/contract';
import { verifyAgainstPublished } from './verify';

const nonce = (n: number) => new Uint8Array(32).fill(n);
const tree = buildSumTree(
  ['usdt', 'coin'],
  [
    { uid: 1n, nonce: nonce(1), balances: [150_000_000n, 0n] },
    { uid: 0n, nonce: nonce(2), balances: [0n, 0n] },
  ],
);
const proof = inclusionProof(tree, { index: 0, uid: 1n, nonce: nonce(1), snapshotId: 4, takenAt: '2026-11-28T00:00:00.000Z' });
const snapshot: LiabilitiesSnapshot = {
  id: 4,
  root: tree.root.hash,
  totals: [
    { asset: 'usdt', amount: fromUnits(tree.root.sums[0]!) },
    { asset: 'coin', amount: fromUnits(tree.root.sums[1]!) },
  ],
  leaf_count: 2,
  taken_at: '2026-11-28T00:00:00.000Z',
  trigger: 'daily',
};

describe('verifying a proof in the browser', () => {
  it('holds against the published snapshot', () => {
    expect(verifyAgainstPublished(proof, [snapshot])).toMatchObject({ ok: true, balances: { usdt: '1.50000000' } });
  });

  it('fails against published totals the path does not add up to, or a snapshot that was never published', () => {
    const lower = { ...snapshot, totals: [{ asset: 'usdt' as const, amount: '1.00000000' }] };
    expect(verifyAgainstPublished(proof, [lower])).toMatchObject({ ok: false, failure: 'totals_mismatch' });
    expect(verifyAgainstPublished(proof, [{ ...snapshot, id: 5 }])).toMatchObject({ ok: false, failure: 'root_mismatch' });
  });
});
