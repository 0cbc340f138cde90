/**
 * Laying out a snapshot's tree (decision 098): the leaves go to random positions (a fresh shuffle per snapshot, so a
 * leaf's place says nothing about who signed up when), padding fills the tree to a power of two with zero-balance
 * leaves, and every nonce is HMAC-SHA256(snapshot secret, label) — the secret rebuilds the tree, no node is stored.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { buildSumTree, nonceDeriver, paddedLeafCount, type LeafInput, type SumTree } from '@reef/contract';

export interface UserLeaf {
  userId: number;
  /** Units per asset, in the tree's asset order. */
  balances: readonly bigint[];
}

export interface PlacedLeaf extends UserLeaf {
  leafIndex: number;
}

export const userNonceLabel = (userId: number) => `user:${userId}`;
const padNonceLabel = (index: number) => `pad:${index}`;

/** The first `count` entries of a uniformly shuffled 0…size-1 (Fisher–Yates with the system's CSPRNG). */
function randomPositions(count: number, size: number): number[] {
  const order = Int32Array.from({ length: size }, (_, i) => i);
  for (let i = size - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return Array.from(order.subarray(0, count));
}

/** The tree over leaves already placed (a new snapshot's, or a stored one's being rebuilt for a proof). */
export function treeOfPlaced(assets: readonly string[], leaves: readonly PlacedLeaf[], secret: Uint8Array): SumTree {
  const size = paddedLeafCount(leaves.length);
  const nonce = nonceDeriver(secret);
  const slots = new Array<LeafInput | undefined>(size);
  for (const leaf of leaves) slots[leaf.leafIndex] = { uid: BigInt(leaf.userId), nonce: nonce(userNonceLabel(leaf.userId)), balances: leaf.balances };
  const zero = assets.map(() => 0n);
  for (let i = 0; i < size; i += 1) slots[i] ??= { uid: 0n, nonce: nonce(padNonceLabel(i)), balances: zero };
  return buildSumTree(assets, slots as LeafInput[]);
}

/** A new snapshot's tree: a fresh secret and a fresh shuffle. */
export function newTree(assets: readonly string[], users: readonly UserLeaf[]): { tree: SumTree; leaves: PlacedLeaf[]; secret: Uint8Array } {
  const secret = randomBytes(32);
  const positions = randomPositions(users.length, paddedLeafCount(users.length));
  const leaves = users.map((user, k) => ({ ...user, leafIndex: positions[k]! }));
  return { tree: treeOfPlaced(assets, leaves, secret), leaves, secret };
}
