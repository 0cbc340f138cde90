/**
 * A user's inclusion proof as the server answers it, the app shows and downloads it, and the verifier script reads
 * it (decision 098). Amounts are 8-place decimal strings in the order of `assets`; hashes lower-case hex.
 * The schema admits a minus sign so that the verifier can name a negative amount as such (it always fails).
 */
import * as z from 'zod/mini';

export const PROOF_VERSION = 1;
const hash = z.string().check(z.regex(/^[0-9a-f]{64}$/));
const proofAmount = z.string().check(z.regex(/^-?\d{1,40}\.\d{8}$/));
const sums = z.array(proofAmount).check(z.maxLength(64));

export const liabilitiesProof = z.object({
  version: z.literal(PROOF_VERSION),
  snapshot_id: z.int().check(z.positive()),
  taken_at: z.string().check(z.maxLength(40)),
  assets: z
    .array(z.string().check(z.regex(/^[a-z][a-z0-9_]{0,31}$/)))
    .check(z.minLength(1))
    .check(z.maxLength(64)),
  leaf_count: z
    .int()
    .check(z.gte(2))
    .check(z.lte(2 ** 40)),
  root: z.object({ hash, sums }),
  leaf: z.object({
    index: z.int().check(z.gte(0)),
    uid: z.string().check(z.regex(/^\d{1,20}$/)),
    nonce: hash,
    balances: sums,
  }),
  path: z.array(z.object({ hash, sums })).check(z.maxLength(40)),
});
export type LiabilitiesProof = z.infer<typeof liabilitiesProof>;
