export { assetsTag, leafHash, nodeHash, nonceDeriver, MAX_SUM, NONCE_BYTES, EncodingError } from './encoding.js';
export { buildSumTree, inclusionProof, paddedLeafCount, type LeafInput, type SumTree, type ProofSubject } from './tree.js';
export { liabilitiesProof, PROOF_VERSION, type LiabilitiesProof } from './proof.js';
export { verifyLiabilitiesProof, PROOF_FAILURES, type ProofFailure, type ProofVerdict, type PublishedRoot } from './verify.js';
