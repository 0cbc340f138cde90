/**
 * SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104), synchronous and dependency-free, for the fair core
 * (decision 070). The browser's WebCrypto is asynchronous only, and a verifier must run the same code in
 * Node, in the page and in a test that plays 10 million rounds: a keyed HMAC here keeps the key's two pad
 * states (hashed once), so a round's digest costs two compressions for messages up to 55 bytes.
 * `hmac-sha256.test.ts` checks it against node:crypto and @noble/hashes on thousands of inputs.
 */

// prettier-ignore
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const IV = new Int32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);

/** The message schedule, reused: the functions here are synchronous, so no two calls share it at once. */
const W = new Int32Array(64);

/** One compression of the 16 words in W[0..15] into the state h. */
function compress(h: Int32Array): void {
  for (let i = 16; i < 64; i += 1) {
    const x = W[i - 15]!;
    const y = W[i - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
  }
  let a = h[0]!, b = h[1]!, c = h[2]!, d = h[3]!, e = h[4]!, f = h[5]!, g = h[6]!, k = h[7]!; // prettier-ignore
  for (let i = 0; i < 64; i += 1) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (k + s1 + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    k = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] = (h[0]! + a) | 0;
  h[1] = (h[1]! + b) | 0;
  h[2] = (h[2]! + c) | 0;
  h[3] = (h[3]! + d) | 0;
  h[4] = (h[4]! + e) | 0;
  h[5] = (h[5]! + f) | 0;
  h[6] = (h[6]! + g) | 0;
  h[7] = (h[7]! + k) | 0;
}

/** UTF-8 bytes of a string (lone surrogates as U+FFFD, as TextEncoder does). */
export function utf8(text: string): Uint8Array {
  ascii: {
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      if (code >= 0x80) break ascii;
      bytes[i] = code;
    }
    return bytes;
  }
  const out: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    let code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        i += 1;
      } else code = 0xfffd;
    } else if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
    if (code < 0x80) out.push(code);
    else if (code < 0x800) out.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) out.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else out.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
  }
  return Uint8Array.from(out);
}

/**
 * Hashes `bytes` into `h` (a state that has already absorbed `prefixBytes` bytes, a multiple of 64), with the
 * final padding: 0x80, zeros, the total length in bits as a 64-bit big-endian number.
 */
function finish(h: Int32Array, bytes: Uint8Array, prefixBytes: number): void {
  const total = prefixBytes + bytes.length;
  const blocks = Math.ceil((bytes.length + 9) / 64);
  for (let block = 0; block < blocks; block += 1) {
    for (let w = 0; w < 16; w += 1) {
      let word = 0;
      for (let j = 0; j < 4; j += 1) {
        const at = block * 64 + w * 4 + j;
        const byte = at < bytes.length ? bytes[at]! : at === bytes.length ? 0x80 : 0;
        word = (word << 8) | byte;
      }
      W[w] = word;
    }
    if (block === blocks - 1) {
      W[14] = Math.floor((total * 8) / 0x1_0000_0000) | 0;
      W[15] = (total * 8) | 0;
    }
    compress(h);
  }
}

function absorbBlock(h: Int32Array, block: Uint8Array): void {
  for (let w = 0; w < 16; w += 1) W[w] = (block[w * 4]! << 24) | (block[w * 4 + 1]! << 16) | (block[w * 4 + 2]! << 8) | block[w * 4 + 3]!;
  compress(h);
}

function toBytes(h: Int32Array): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i += 1) {
    out[i * 4] = h[i]! >>> 24;
    out[i * 4 + 1] = (h[i]! >>> 16) & 255;
    out[i * 4 + 2] = (h[i]! >>> 8) & 255;
    out[i * 4 + 3] = h[i]! & 255;
  }
  return out;
}

export function sha256(bytes: Uint8Array): Uint8Array {
  const h = IV.slice();
  finish(h, bytes, 0);
  return toBytes(h);
}

export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** HMAC-SHA256 with one key: the inner and outer pad states are computed once. */
export class HmacSha256 {
  private readonly inner: Int32Array;
  private readonly outer: Int32Array;
  private readonly state = new Int32Array(8);

  constructor(key: Uint8Array) {
    const block = new Uint8Array(64);
    block.set(key.length > 64 ? sha256(key) : key);
    this.inner = IV.slice();
    this.outer = IV.slice();
    absorbBlock(
      this.inner,
      block.map((b) => b ^ 0x36),
    );
    absorbBlock(
      this.outer,
      block.map((b) => b ^ 0x5c),
    );
  }

  /** The MAC of `message` as 8 big-endian 32-bit words (signed; `>>> 0` gives the unsigned value). */
  words(message: Uint8Array): Int32Array {
    const h = this.state;
    h.set(this.inner);
    finish(h, message, 64);
    // The outer hash: the outer pad's state, then the inner digest (32 bytes) and its padding, one block.
    for (let i = 0; i < 8; i += 1) W[i] = h[i]!;
    W[8] = 0x80000000 | 0;
    W.fill(0, 9, 15);
    W[15] = (64 + 32) * 8;
    const out = this.outer.slice();
    compress(out);
    return out;
  }

  digest(message: Uint8Array): Uint8Array {
    return toBytes(this.words(message));
  }
}
