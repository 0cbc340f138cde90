/**
 * Verifying an inclusion proof (decision 098): the same function in the browser (Mine → Verify my balance), the
 * command-line script and the tests. The verifier never trusts a sum it is given for a node on the path: it adds the
 * sums itself at every level, refuses any negative amount, and hashes both children's sums into each parent, so an
 * operator cannot shrink the published totals without changing the root every user checks against.
 */
import { toHex } from '../games/hmac-sha256.js';
import { toUnits, fromUnits } from '../money.js';
import { addSums, assetsTag, bytesEqual, EncodingError, hexToBytes, leafHash, MAX_SUM, MAX_UID, nodeHash } from './encoding.js';
import { liabilitiesProof, type LiabilitiesProof } from './proof.js';

export const PROOF_FAILURES = [
  /** Not a proof of this format (a field missing, a hash not 64 hex digits, a sum list of the wrong length). */
  'malformed',
  /** A balance or a sibling's sum below zero: the undercount Maxwell's scheme allowed. */
  'negative_amount',
  'amount_too_large',
  /** The path does not climb exactly from a leaf of a tree of `leaf_count` leaves to its root. */
  'path_length',
  'index_out_of_range',
  /** The leaf and path hash to another root than the published one. */
  'root_mismatch',
  /** The sums the path adds up to are not the totals published with the root. */
  'totals_mismatch',
] as const;
export type ProofFailure = (typeof PROOF_FAILURES)[number];

export interface PublishedRoot {
  /** The root hash as published (public endpoint, public page). */
  hash: string;
  /** The published totals per asset (8-place decimals); left out, only the hash is compared. */
  totals?: Readonly<Record<string, string>>;
}

export type ProofVerdict =
  | { ok: true; root: string; totals: Record<string, string>; balances: Record<string, string>; uid: string }
  | { ok: false; failure: ProofFailure; detail: string };

const fail = (failure: ProofFailure, detail: string): ProofVerdict => ({ ok: false, failure, detail });

function unitsOf(amounts: readonly string[]): bigint[] | ProofFailure {
  const out: bigint[] = [];
  for (const amount of amounts) {
    const units = toUnits(amount);
    if (units < 0n) return 'negative_amount';
    if (units > MAX_SUM) return 'amount_too_large';
    out.push(units);
  }
  return out;
}

const byAsset = (assets: readonly string[], units: readonly bigint[]) => Object.fromEntries(assets.map((asset, i) => [asset, fromUnits(units[i]!)]));

export function verifyLiabilitiesProof(input: unknown, published: PublishedRoot): ProofVerdict {
  const parsed = liabilitiesProof.safeParse(input);
  if (!parsed.success) return fail('malformed', 'the proof does not have the published format');
  const proof: LiabilitiesProof = parsed.data;
  const width = proof.assets.length;
  const lists = [proof.leaf.balances, proof.root.sums, ...proof.path.map((step) => step.sums)];
  if (lists.some((list) => list.length !== width)) return fail('malformed', 'a sum list does not have one amount per asset');
  if (BigInt(proof.leaf.uid) > MAX_UID) return fail('amount_too_large', 'the uid does not fit 64 bits');
  const { leaf_count: leafCount } = proof;
  if ((leafCount & (leafCount - 1)) !== 0 || 2 ** proof.path.length !== leafCount) {
    return fail('path_length', `a tree of ${leafCount} leaves needs a path of ${Math.log2(leafCount)} steps, not ${proof.path.length}`);
  }
  if (proof.leaf.index >= leafCount) return fail('index_out_of_range', `leaf ${proof.leaf.index} of ${leafCount}`);

  const balances = unitsOf(proof.leaf.balances);
  if (typeof balances === 'string') return fail(balances, 'the leaf’s balances');
  try {
    let hash = leafHash(assetsTag(proof.assets), hexToBytes(proof.leaf.nonce), BigInt(proof.leaf.uid), balances);
    let sums: bigint[] = balances;
    let at = proof.leaf.index;
    for (const [level, step] of proof.path.entries()) {
      const siblingSums = unitsOf(step.sums);
      if (typeof siblingSums === 'string') return fail(siblingSums, `the sibling at level ${level}`);
      const sibling = hexToBytes(step.hash);
      // The leaf's index says on which side each sibling stands: a path read in another order hashes elsewhere.
      hash = at % 2 === 0 ? nodeHash(hash, sums, sibling, siblingSums) : nodeHash(sibling, siblingSums, hash, sums);
      sums = addSums(sums, siblingSums);
      at = Math.floor(at / 2);
    }
    if (!bytesEqual(hash, hexToBytes(published.hash.toLowerCase())) || proof.root.hash !== toHex(hash)) {
      return fail('root_mismatch', `the path leads to ${toHex(hash)}, not to the published root ${published.hash}`);
    }
    const statedUnits = unitsOf(proof.root.sums);
    if (typeof statedUnits === 'string') return fail(statedUnits, 'the root’s sums');
    const totals = byAsset(proof.assets, sums);
    const stated = byAsset(proof.assets, statedUnits);
    for (const asset of proof.assets) {
      const publishedTotal = published.totals?.[asset];
      if (stated[asset] !== totals[asset] || (publishedTotal !== undefined && toUnits(publishedTotal) !== toUnits(totals[asset]!))) {
        return fail('totals_mismatch', `${asset}: the path adds up to ${totals[asset]}`);
      }
    }
    return { ok: true, root: toHex(hash), totals, balances: byAsset(proof.assets, balances), uid: proof.leaf.uid };
  } catch (error) {
    if (error instanceof EncodingError) return fail(error.message === 'negative amount' ? 'negative_amount' : 'amount_too_large', error.message);
    return fail('malformed', error instanceof Error ? error.message : String(error));
  }
}
