/**
 * Building the sum tree and cutting a user's inclusion proof (decision 098). The caller gives the leaves in the
 * order they take in the tree (the server shuffles them per snapshot) and a power-of-two count (it pads with
 * zero-balance leaves under secret nonces, which look like any other leaf). Amounts are bigint units, never numbers.
 */
import { fromUnits } from '../money.js';
import { toHex } from '../games/hmac-sha256.js';
import { addSums, assetsTag, EncodingError, HASH_BYTES, leafHash, nodeHash } from './encoding.js';
import { PROOF_VERSION, type LiabilitiesProof } from './proof.js';

export interface LeafInput {
  /** 0 for a padding leaf (no user has uid 0). */
  uid: bigint;
  nonce: Uint8Array;
  /** Units per asset, in the tree's asset order; never negative. */
  balances: readonly bigint[];
}

export interface SumTree {
  readonly assets: readonly string[];
  readonly leafCount: number;
  /** levels[0] are the leaves, the last level is the root alone; hashes packed 32 bytes each. */
  readonly hashes: readonly Uint8Array[];
  readonly sums: readonly (readonly bigint[])[][];
  readonly root: { hash: string; sums: readonly bigint[] };
}

/** The padded size of a tree over `users` leaves: the next power of two, at least 2 (the root is always a node). */
export function paddedLeafCount(users: number): number {
  let size = 2;
  while (size < users) size *= 2;
  return size;
}

export function buildSumTree(assets: readonly string[], leaves: readonly LeafInput[]): SumTree {
  const count = leaves.length;
  if (count < 2 || (count & (count - 1)) !== 0) throw new EncodingError('leaf count must be a power of two, at least 2');
  const tag = assetsTag(assets);
  let hashes = new Uint8Array(count * HASH_BYTES);
  let sums: (readonly bigint[])[] = new Array(count);
  leaves.forEach((leaf, i) => {
    if (leaf.balances.length !== assets.length) throw new EncodingError('one balance per asset');
    hashes.set(leafHash(tag, leaf.nonce, leaf.uid, leaf.balances), i * HASH_BYTES);
    sums[i] = leaf.balances;
  });
  const levelHashes = [hashes];
  const levelSums = [sums];
  for (let width = count / 2; width >= 1; width /= 2) {
    const below = hashes;
    const belowSums = sums;
    hashes = new Uint8Array(width * HASH_BYTES);
    sums = new Array(width);
    for (let i = 0; i < width; i += 1) {
      const left = below.subarray(2 * i * HASH_BYTES, (2 * i + 1) * HASH_BYTES);
      const right = below.subarray((2 * i + 1) * HASH_BYTES, (2 * i + 2) * HASH_BYTES);
      hashes.set(nodeHash(left, belowSums[2 * i]!, right, belowSums[2 * i + 1]!), i * HASH_BYTES);
      sums[i] = addSums(belowSums[2 * i]!, belowSums[2 * i + 1]!);
    }
    levelHashes.push(hashes);
    levelSums.push(sums);
  }
  return { assets, leafCount: count, hashes: levelHashes, sums: levelSums, root: { hash: toHex(hashes), sums: sums[0]! } };
}

export interface ProofSubject {
  index: number;
  uid: bigint;
  nonce: Uint8Array;
  snapshotId: number;
  takenAt: string;
}

/** The inclusion proof of the leaf at `index`: the leaf's own data and each level's sibling, leaf level first. */
export function inclusionProof(tree: SumTree, subject: ProofSubject): LiabilitiesProof {
  const { index } = subject;
  if (!Number.isInteger(index) || index < 0 || index >= tree.leafCount) throw new EncodingError('no such leaf');
  const amounts = (values: readonly bigint[]) => values.map((value) => fromUnits(value));
  const path: LiabilitiesProof['path'] = [];
  let at = index;
  for (let level = 0; level < tree.hashes.length - 1; level += 1) {
    const sibling = at ^ 1;
    path.push({ hash: toHex(tree.hashes[level]!.subarray(sibling * HASH_BYTES, (sibling + 1) * HASH_BYTES)), sums: amounts(tree.sums[level]![sibling]!) });
    at >>= 1;
  }
  return {
    version: PROOF_VERSION,
    snapshot_id: subject.snapshotId,
    taken_at: subject.takenAt,
    assets: [...tree.assets],
    leaf_count: tree.leafCount,
    root: { hash: tree.root.hash, sums: amounts(tree.root.sums) },
    leaf: { index, uid: subject.uid.toString(), nonce: toHex(subject.nonce), balances: amounts(tree.sums[0]![index]!) },
    path,
  };
}
