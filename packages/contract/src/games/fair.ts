/**
 * The provably fair core (issue 14, decision 070): pure, synchronous, the same in the server, the browser and
 * any player's own script.
 *
 *   digest(round) = HMAC-SHA256(key = server seed as UTF-8 text, message = `${clientSeed}:${nonce}:${round}`)
 *
 * The server commits to its seed by showing SHA-256(server seed as UTF-8 text) before any bet and reveals the
 * seed when the player rotates it. The client seed is the player's; the nonce counts the player's bets under one
 * server seed. The message is unambiguous although a client seed may hold ':' — its last two fields are integers.
 *
 * Numbers come from the digests as a stream of 32-bit big-endian words (8 per digest, round 0, 1, 2 … as more
 * are needed). An integer in [0, n) is drawn by rejection sampling: a word w is used only when
 * w < 2^32 − (2^32 mod n), then w mod n; otherwise the next word is read. Every value is exactly equally likely
 * (no modulo bias), and a round of a game uses one digest almost always (a slot spin needs 3 words of 8).
 */
import { HmacSha256, sha256, toHex, utf8 } from './hmac-sha256.js';

const WORD_RANGE = 0x1_0000_0000;
const WORDS_PER_DIGEST = 8;

/** SHA-256 of the server seed's UTF-8 text, lower-case hex: the commitment shown before any bet. */
export function serverSeedHash(serverSeed: string): string {
  return toHex(sha256(utf8(serverSeed)));
}

/** The server seed as an HMAC key, its pads hashed once: reused for every round of every bet under that seed. */
export interface FairKey {
  readonly serverSeed: string;
  digest(message: string): Uint8Array;
  /** The same digest as 8 big-endian 32-bit words. */
  words(message: string): Int32Array;
}

export function fairKey(serverSeed: string): FairKey {
  const keyed = new HmacSha256(utf8(serverSeed));
  return {
    serverSeed,
    digest: (message) => keyed.digest(utf8(message)),
    words: (message) => keyed.words(utf8(message)),
  };
}

export interface FairSeeds {
  /** The server seed's text, or its key made once by `fairKey` (many rounds under one seed). */
  serverSeed: string | FairKey;
  clientSeed: string;
  nonce: number;
}

/** HMAC-SHA256(server seed, `${clientSeed}:${nonce}:${round}`): the bytes every number of a bet comes from. */
export function roundDigest(seeds: FairSeeds, round: number): Uint8Array {
  const key = typeof seeds.serverSeed === 'string' ? fairKey(seeds.serverSeed) : seeds.serverSeed;
  return key.digest(`${seeds.clientSeed}:${seeds.nonce}:${round}`);
}

/** The bet's words in order: round 0's eight words, then round 1's, … */
export class FairStream {
  private readonly key: FairKey;
  private digest: Int32Array = new Int32Array(0);
  private word = WORDS_PER_DIGEST;
  /** How many digests (HMAC calls) this stream has used. */
  rounds = 0;

  constructor(private readonly seeds: FairSeeds) {
    this.key = typeof seeds.serverSeed === 'string' ? fairKey(seeds.serverSeed) : seeds.serverSeed;
  }

  /** The next 32-bit word as an unsigned integer. */
  nextWord(): number {
    if (this.word === WORDS_PER_DIGEST) {
      this.digest = this.key.words(`${this.seeds.clientSeed}:${this.seeds.nonce}:${this.rounds}`);
      this.rounds += 1;
      this.word = 0;
    }
    const word = this.digest[this.word]! >>> 0;
    this.word += 1;
    return word;
  }

  /** A uniform integer in [0, n), 1 ≤ n ≤ 2^32, by rejection sampling (no modulo bias). */
  nextInt(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > WORD_RANGE) throw new RangeError(`nextInt: n must be an integer in [1, 2^32], got ${n}`);
    const limit = WORD_RANGE - (WORD_RANGE % n);
    for (;;) {
      const w = this.nextWord();
      if (w < limit) return w % n;
    }
  }

  /** A uniform permutation of 0 … n−1 (Fisher–Yates from the last place down, each swap by `nextInt`). */
  shuffle(n: number): number[] {
    const order = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i -= 1) {
      const j = this.nextInt(i + 1);
      const held = order[i]!;
      order[i] = order[j]!;
      order[j] = held;
    }
    return order;
  }
}
