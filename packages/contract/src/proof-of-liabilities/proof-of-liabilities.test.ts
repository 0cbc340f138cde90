import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toUnits } from '../money.js';
import { assetsTag, leafHash, nodeHash } from './encoding.js';
import { buildSumTree, inclusionProof, paddedLeafCount, type LeafInput, type SumTree } from './tree.js';
import { verifyLiabilitiesProof, type ProofVerdict } from './verify.js';
import type { LiabilitiesProof } from './proof.js';

const ASSETS = ['usdt', 'coin', 'game'];

function tree(users: number): { tree: SumTree; leaves: LeafInput[] } {
  const size = paddedLeafCount(users);
  const leaves: LeafInput[] = Array.from({ length: size }, (_, i) => ({
    uid: i < users ? BigInt(i + 1) : 0n,
    nonce: randomBytes(32),
    balances: i < users ? [BigInt(i) * 100_000_000n + 1n, BigInt(i % 3) * 50n, 7n] : [0n, 0n, 0n],
  }));
  return { tree: buildSumTree(ASSETS, leaves), leaves };
}

function proofOf(built: { tree: SumTree; leaves: LeafInput[] }, index: number): LiabilitiesProof {
  const leaf = built.leaves[index]!;
  return inclusionProof(built.tree, { index, uid: leaf.uid, nonce: leaf.nonce, snapshotId: 1, takenAt: '2026-11-28T00:00:00.000Z' });
}

const failureOf = (verdict: ProofVerdict) => (verdict.ok ? 'ok' : verdict.failure);
const clone = (proof: LiabilitiesProof): LiabilitiesProof => structuredClone(proof);

describe('the proof-of-liabilities sum tree', () => {
  const built = tree(11);
  const root = { hash: built.tree.root.hash };

  it('verifies every user’s proof and adds the path up to the published totals', () => {
    expect(built.tree.leafCount).toBe(16);
    for (let index = 0; index < 16; index += 1) {
      const verdict = verifyLiabilitiesProof(proofOf(built, index), {
        hash: built.tree.root.hash,
        totals: { usdt: '55.00000011', coin: '0.00000500', game: '0.00000077' },
      });
      expect(verdict).toMatchObject({ ok: true, root: built.tree.root.hash, totals: { usdt: '55.00000011', coin: '0.00000500', game: '0.00000077' } });
    }
  });

  it('hashes leaves and nodes with the published encoding (any SHA-256 gives the same root)', () => {
    const nonce = randomBytes(32);
    const tag = createHash('sha256').update('reef-pol-v1:usdt,coin,game').digest();
    expect(Buffer.from(assetsTag(ASSETS))).toEqual(tag);
    const u128 = (v: bigint) => Buffer.from(v.toString(16).padStart(32, '0'), 'hex');
    const leaf = createHash('sha256')
      .update(Buffer.concat([Buffer.from([0]), tag, nonce, Buffer.from(42n.toString(16).padStart(16, '0'), 'hex'), u128(5n), u128(0n), u128(toUnits('1.5'))]))
      .digest();
    expect(Buffer.from(leafHash(assetsTag(ASSETS), nonce, 42n, [5n, 0n, 150_000_000n]))).toEqual(leaf);
    const node = createHash('sha256')
      .update(Buffer.concat([Buffer.from([1]), leaf, u128(5n), u128(0n), u128(1n), leaf, u128(2n), u128(3n), u128(4n)]))
      .digest();
    expect(Buffer.from(nodeHash(leaf, [5n, 0n, 1n], leaf, [2n, 3n, 4n]))).toEqual(node);
  });

  it('fails a tampered leaf balance, uid or nonce', () => {
    const proof = proofOf(built, 3);
    const balance = clone(proof);
    balance.leaf.balances[0] = '99.00000000';
    expect(failureOf(verifyLiabilitiesProof(balance, root))).toBe('root_mismatch');
    const uid = clone(proof);
    uid.leaf.uid = '5';
    expect(failureOf(verifyLiabilitiesProof(uid, root))).toBe('root_mismatch');
    const nonce = clone(proof);
    nonce.leaf.nonce = '0'.repeat(64);
    expect(failureOf(verifyLiabilitiesProof(nonce, root))).toBe('root_mismatch');
  });

  it('fails a tampered sibling hash or sibling sum', () => {
    const proof = proofOf(built, 6);
    const hash = clone(proof);
    hash.path[2]!.hash = hash.path[2]!.hash.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    expect(failureOf(verifyLiabilitiesProof(hash, root))).toBe('root_mismatch');
    // A smaller sibling sum would lower the totals: the parent's hash commits to it, so the root moves.
    const sum = clone(proof);
    sum.path[1]!.sums[0] = '0.00000000';
    expect(failureOf(verifyLiabilitiesProof(sum, root))).toBe('root_mismatch');
  });

  it('refuses a negative sum anywhere (Maxwell’s undercount), before any hashing', () => {
    const proof = proofOf(built, 0);
    const sibling = clone(proof);
    sibling.path[0]!.sums[1] = '-5.00000000';
    expect(verifyLiabilitiesProof(sibling, root)).toMatchObject({ ok: false, failure: 'negative_amount', detail: 'the sibling at level 0' });
    const leaf = clone(proof);
    leaf.leaf.balances[2] = '-0.00000001';
    expect(failureOf(verifyLiabilitiesProof(leaf, root))).toBe('negative_amount');
  });

  it('refuses the undercount a dishonest builder could hide in Maxwell’s scheme: totals below the sum of the leaves', () => {
    // The dishonest tree publishes a root whose sums leave out part of one subtree. Our nodes hash both children's
    // sums and the verifier adds them itself, so the honest leaf's path can only reach the real total.
    const proof = proofOf(built, 2);
    const lowered = clone(proof);
    lowered.root.sums[0] = '1.00000000';
    expect(failureOf(verifyLiabilitiesProof(lowered, root))).toBe('totals_mismatch');
    expect(failureOf(verifyLiabilitiesProof(proof, { hash: root.hash, totals: { usdt: '54.00000000' } }))).toBe('totals_mismatch');
  });

  it('fails a reordered path, a path of the wrong length and a leaf index that moved', () => {
    const proof = proofOf(built, 5);
    const reordered = clone(proof);
    [reordered.path[0], reordered.path[1]] = [reordered.path[1]!, reordered.path[0]!];
    expect(failureOf(verifyLiabilitiesProof(reordered, root))).toBe('root_mismatch');
    const short = clone(proof);
    short.path.pop();
    expect(failureOf(verifyLiabilitiesProof(short, root))).toBe('path_length');
    const moved = clone(proof);
    moved.leaf.index = 4;
    expect(failureOf(verifyLiabilitiesProof(moved, root))).toBe('root_mismatch');
    const outside = clone(proof);
    outside.leaf.index = 16;
    expect(failureOf(verifyLiabilitiesProof(outside, root))).toBe('index_out_of_range');
  });

  it('fails against a wrong root, and names a malformed proof', () => {
    const proof = proofOf(built, 1);
    expect(failureOf(verifyLiabilitiesProof(proof, { hash: tree(11).tree.root.hash }))).toBe('root_mismatch');
    expect(failureOf(verifyLiabilitiesProof({ ...proof, version: 2 }, root))).toBe('malformed');
    expect(failureOf(verifyLiabilitiesProof({ ...proof, leaf: { ...proof.leaf, balances: ['1.00000000'] } }, root))).toBe('malformed');
    expect(failureOf(verifyLiabilitiesProof('{}', root))).toBe('malformed');
  });

  it('leaks nothing through a sibling: the same balances under two snapshots’ nonces hash apart', () => {
    const a = leafHash(assetsTag(ASSETS), randomBytes(32), 7n, [1n, 2n, 3n]);
    const b = leafHash(assetsTag(ASSETS), randomBytes(32), 7n, [1n, 2n, 3n]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });

  it('refuses to build an unpadded tree or a negative balance', () => {
    expect(() => buildSumTree(ASSETS, tree(3).leaves.slice(0, 3))).toThrow('power of two');
    expect(() =>
      buildSumTree(ASSETS, [
        { uid: 1n, nonce: randomBytes(32), balances: [-1n, 0n, 0n] },
        { uid: 0n, nonce: randomBytes(32), balances: [0n, 0n, 0n] },
      ]),
    ).toThrow('negative');
    expect(paddedLeafCount(1)).toBe(2);
    expect(paddedLeafCount(100_000)).toBe(131_072);
  });
});
