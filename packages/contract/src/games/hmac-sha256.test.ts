import { createHash, createHmac, randomBytes } from 'node:crypto';
import { hmac } from '@noble/hashes/hmac';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';
import { describe, expect, it } from 'vitest';
import { HmacSha256, sha256, toHex, utf8 } from './hmac-sha256.js';

describe('the fair core’s SHA-256 and HMAC-SHA256', () => {
  it('match node:crypto and @noble/hashes on every message length from 0 to 300 bytes and keys of 0 to 130 bytes', () => {
    for (let length = 0; length <= 300; length += 1) {
      const message = randomBytes(length);
      const key = randomBytes(length % 131);
      expect(toHex(sha256(message))).toBe(createHash('sha256').update(message).digest('hex'));
      const expected = createHmac('sha256', key).update(message).digest('hex');
      expect(toHex(new HmacSha256(key).digest(message))).toBe(expected);
      expect(bytesToHex(hmac(nobleSha256, key, message))).toBe(expected);
    }
  });

  it('gives one key the same answers however many messages it signs', () => {
    const key = randomBytes(32);
    const mac = new HmacSha256(key);
    for (let i = 0; i < 2000; i += 1) {
      const message = Buffer.from(`client:${i}:${i % 3}`);
      expect(toHex(mac.digest(message))).toBe(createHmac('sha256', key).update(message).digest('hex'));
    }
  });

  it('encodes text as UTF-8 like TextEncoder', () => {
    const encoder = new TextEncoder();
    for (const text of ['', 'reef', 'é', '老虎 🐯', '\u{10ffff}', 'a\ud800b', '\udc00', 'x'.repeat(70)]) {
      expect([...utf8(text)]).toEqual([...encoder.encode(text)]);
    }
    expect(toHex(sha256(utf8('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
