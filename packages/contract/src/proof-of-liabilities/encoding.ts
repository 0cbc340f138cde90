/**
 * The published encoding of the proof-of-liabilities sum tree (decision 098). Anyone can rebuild these bytes
 * from a proof and check them with any SHA-256:
 *
 *   assets tag  = SHA-256(UTF-8 "reef-pol-v1:" + assets joined by ",")
 *   leaf hash   = SHA-256(0x00 ‖ assets tag ‖ nonce (32 bytes) ‖ uid (u64 BE) ‖ balance₁ … balanceₙ (u128 BE units each))
 *   node hash   = SHA-256(0x01 ‖ left hash ‖ left sums ‖ right hash ‖ right sums)      sums: u128 BE units per asset
 *   node sums   = left sums + right sums, per asset
 *
 * The leading byte separates leaves from nodes (no 65-byte leaf can pose as a node); the node hash commits to both
 * children's sums, not only to their total, which closes the undercount of Maxwell's original scheme; the assets tag
 * fixes which column is which asset; u128 cannot hold a negative amount, and a verifier refuses one before encoding.
 */
import { HmacSha256, sha256, utf8 } from '../games/hmac-sha256.js';

export const HASH_BYTES = 32;
export const NONCE_BYTES = 32;
const U128_BYTES = 16;
const U64_BYTES = 8;
export const MAX_SUM = (1n << 128n) - 1n;
export const MAX_UID = (1n << 64n) - 1n;
const LEAF_PREFIX = 0x00;
const NODE_PREFIX = 0x01;

export class EncodingError extends Error {}

/** SHA-256 of the asset list: the leaf hash starts with it, so a proof cannot relabel one asset's column as another. */
export function assetsTag(assets: readonly string[]): Uint8Array {
  return sha256(utf8(`reef-pol-v1:${assets.join(',')}`));
}

function writeUnsigned(out: Uint8Array, offset: number, value: bigint, bytes: number): void {
  if (value < 0n) throw new EncodingError('negative amount');
  if (value === 0n) return; // `out` is zero-filled
  const hex = value.toString(16);
  if (hex.length > bytes * 2) throw new EncodingError('amount too large');
  const padded = hex.padStart(bytes * 2, '0');
  for (let i = 0; i < bytes; i += 1) out[offset + i] = parseInt(padded.slice(i * 2, i * 2 + 2), 16);
}

export function leafHash(tag: Uint8Array, nonce: Uint8Array, uid: bigint, balances: readonly bigint[]): Uint8Array {
  if (nonce.length !== NONCE_BYTES) throw new EncodingError('nonce must be 32 bytes');
  const out = new Uint8Array(1 + HASH_BYTES + NONCE_BYTES + U64_BYTES + balances.length * U128_BYTES);
  out[0] = LEAF_PREFIX;
  out.set(tag, 1);
  out.set(nonce, 1 + HASH_BYTES);
  writeUnsigned(out, 1 + HASH_BYTES + NONCE_BYTES, uid, U64_BYTES);
  let at = 1 + HASH_BYTES + NONCE_BYTES + U64_BYTES;
  for (const balance of balances) {
    writeUnsigned(out, at, balance, U128_BYTES);
    at += U128_BYTES;
  }
  return sha256(out);
}

export function nodeHash(leftHash: Uint8Array, leftSums: readonly bigint[], rightHash: Uint8Array, rightSums: readonly bigint[]): Uint8Array {
  const side = HASH_BYTES + leftSums.length * U128_BYTES;
  const out = new Uint8Array(1 + 2 * side);
  out[0] = NODE_PREFIX;
  out.set(leftHash, 1);
  leftSums.forEach((sum, i) => writeUnsigned(out, 1 + HASH_BYTES + i * U128_BYTES, sum, U128_BYTES));
  out.set(rightHash, 1 + side);
  rightSums.forEach((sum, i) => writeUnsigned(out, 1 + side + HASH_BYTES + i * U128_BYTES, sum, U128_BYTES));
  return sha256(out);
}

/** The sums of a parent; refuses a total past u128 (it could not be encoded, and no honest tree holds one). */
export function addSums(left: readonly bigint[], right: readonly bigint[]): bigint[] {
  const out = new Array<bigint>(left.length);
  for (let i = 0; i < left.length; i += 1) {
    const sum = left[i]! + right[i]!;
    if (sum > MAX_SUM) throw new EncodingError('amount too large');
    out[i] = sum;
  }
  return out;
}

/**
 * A leaf's secret nonce, derived from the snapshot's secret: HMAC-SHA256(secret, label). Each user gets theirs with
 * their proof; without it a sibling's hash reveals nothing (a balance cannot be guessed and checked against it).
 */
export function nonceDeriver(secret: Uint8Array): (label: string) => Uint8Array {
  const mac = new HmacSha256(secret);
  return (label) => mac.digest(utf8(label));
}

export function hexToBytes(hex: string): Uint8Array {
  if (!/^([0-9a-f]{2})*$/.test(hex)) throw new EncodingError('not lower-case hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i += 1) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
