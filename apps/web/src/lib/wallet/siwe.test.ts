import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { buildSiweMessage, SIGN_IN_STATEMENT, utf8ToHex } from './siwe';

// viem is used here only as the reference the server parses with; the client never imports it.
const fields = {
  domain: 'localhost:4173',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  statement: SIGN_IN_STATEMENT,
  uri: 'http://localhost:4173',
  chainId: 56,
  nonce: 'a1B2c3D4e5F6g7H8',
  issuedAt: new Date('2025-01-02T03:04:05.678Z'),
};

describe('buildSiweMessage', () => {
  it('is byte-for-byte what viem createSiweMessage writes', () => {
    expect(buildSiweMessage(fields)).toBe(createSiweMessage({ ...fields, address: fields.address as `0x${string}`, version: '1' }));
  });

  it('has the exact EIP-4361 layout', () => {
    expect(buildSiweMessage(fields)).toBe(
      [
        'localhost:4173 wants you to sign in with your Ethereum account:',
        '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        '',
        'Sign in to Reef.',
        '',
        'URI: http://localhost:4173',
        'Version: 1',
        'Chain ID: 56',
        'Nonce: a1B2c3D4e5F6g7H8',
        'Issued At: 2025-01-02T03:04:05.678Z',
      ].join('\n'),
    );
  });

  it('round-trips through viem parseSiweMessage with a lowercase account as wallets return it', () => {
    const address = fields.address.toLowerCase();
    const parsed = parseSiweMessage(buildSiweMessage({ ...fields, address }));
    expect(parsed).toMatchObject({
      domain: fields.domain,
      address,
      statement: SIGN_IN_STATEMENT,
      uri: fields.uri,
      version: '1',
      chainId: 56,
      nonce: fields.nonce,
    });
    expect(parsed.issuedAt?.toISOString()).toBe(fields.issuedAt.toISOString());
  });
});

describe('utf8ToHex', () => {
  it('hex-encodes UTF-8 bytes with a 0x prefix', () => {
    expect(utf8ToHex('')).toBe('0x');
    expect(utf8ToHex('Hi\n')).toBe('0x48690a');
    expect(utf8ToHex('礁')).toBe('0xe7a481');
  });
});
