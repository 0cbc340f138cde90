import { verifyLiabilitiesProof, type LiabilitiesProof, type LiabilitiesSnapshot, type ProofVerdict } from '@reef/contract';

/**
 * Checks the proof the server gave against the root and totals it PUBLISHED (the public endpoint), never against the
 * root written inside the proof: a proof that agrees only with itself proves nothing.
 */
export function verifyAgainstPublished(proof: LiabilitiesProof, published: readonly LiabilitiesSnapshot[]): ProofVerdict {
  const snapshot = published.find((s) => s.id === proof.snapshot_id);
  if (!snapshot) return { ok: false, failure: 'root_mismatch', detail: `snapshot ${proof.snapshot_id} is not published` };
  const totals = Object.fromEntries(snapshot.totals.map((t) => [t.asset, t.amount]));
  return verifyLiabilitiesProof(proof, { hash: snapshot.root, totals });
}
