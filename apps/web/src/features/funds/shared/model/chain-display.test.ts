import { describe, expect, it } from 'vitest';
import { explorerLink, maskAddress, maskHash } from './chain-display';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const HASH = `0x${'ab'.repeat(32)}`;

describe('maskAddress', () => {
  it('keeps the first 4 and last 4 hex digits of a whole address', () => {
    expect(maskAddress(ADDRESS)).toBe('0x7099…79C8');
  });

  it('never masks a masked address again, nor free text', () => {
    expect(maskAddress(maskAddress(ADDRESS))).toBe('0x7099…79C8');
    expect(maskAddress('0xFa...f1')).toBe('0xFa...f1');
    expect(maskAddress('')).toBe('');
  });
});

describe('maskHash', () => {
  it('shortens a transaction hash to its ends and leaves anything else', () => {
    expect(maskHash(HASH)).toBe(`0x${'ab'.repeat(4)}…${'ab'.repeat(4)}`);
    expect(maskHash('rate 1')).toBe('rate 1');
  });
});

describe('explorerLink', () => {
  it('links an address or a transaction under the base, with or without its trailing slash', () => {
    expect(explorerLink('https://bscscan.com', 'address', ADDRESS)).toBe(`https://bscscan.com/address/${ADDRESS}`);
    expect(explorerLink('https://testnet.bscscan.com/', 'tx', HASH)).toBe(`https://testnet.bscscan.com/tx/${HASH}`);
  });

  it('gives no link for a missing or non-http base, or a value of the wrong kind', () => {
    expect(explorerLink(undefined, 'tx', HASH)).toBeNull();
    expect(explorerLink('javascript:alert(1)', 'tx', HASH)).toBeNull();
    expect(explorerLink('https://bscscan.com', 'tx', ADDRESS)).toBeNull();
    expect(explorerLink('https://bscscan.com', 'address', HASH)).toBeNull();
  });
});
