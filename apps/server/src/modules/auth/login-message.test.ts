import { describe, expect, it } from 'vitest';
import { createSiweMessage } from 'viem/siwe';
import { checkLoginMessage } from './login-message.js';

const account = '0x1234567890AbcdEF1234567890aBcdef12345678';
const now = Date.parse('2026-11-22T12:00:00.000Z');
const options = { now, legacyEnabled: true, origins: ['https://reef.example'] };

const siwe = (overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}) =>
  createSiweMessage({
    address: account,
    domain: 'reef.example',
    uri: 'https://reef.example',
    chainId: 56,
    version: '1',
    nonce: 'abcdef1234567890',
    issuedAt: new Date(now),
    ...overrides,
  });

describe('login message checks', () => {
  it('accepts the legacy form inside the 5-minute window', () => {
    expect(checkLoginMessage(`LOGIN${now - 4 * 60_000}`, account, options)).toEqual({ ok: true, message: { form: 'legacy', timestamp: now - 240_000 } });
    expect(checkLoginMessage(`LOGIN${now - 6 * 60_000}`, account, options)).toEqual({ ok: false, code: 'LOGIN_MESSAGE_EXPIRED' });
    expect(checkLoginMessage(`LOGIN${now}`, account, { ...options, legacyEnabled: false })).toEqual({ ok: false, code: 'LOGIN_LEGACY_DISABLED' });
  });

  it('treats anything else that is not EIP-4361 as invalid', () => {
    for (const msg of ['LOGIN', `LOGIN${now}x`, 'hello', `login${now}`]) {
      expect(checkLoginMessage(msg, account, options)).toEqual({ ok: false, code: 'LOGIN_MESSAGE_INVALID' });
    }
  });

  it('accepts a well-formed EIP-4361 message for this site and returns its nonce', () => {
    expect(checkLoginMessage(siwe(), account, options)).toEqual({ ok: true, message: { form: 'siwe', nonce: 'abcdef1234567890' } });
    expect(checkLoginMessage(siwe(), account.toLowerCase(), options).ok).toBe(true);
  });

  it('refuses other sites, schemes, ports, chains, versions and stale times', () => {
    expect(checkLoginMessage(siwe({ domain: 'evil.example' }), account, options)).toMatchObject({ code: 'LOGIN_DOMAIN_MISMATCH' });
    expect(checkLoginMessage(siwe({ uri: 'https://evil.example/login' }), account, options)).toMatchObject({ code: 'LOGIN_DOMAIN_MISMATCH' });
    expect(checkLoginMessage(siwe({ domain: 'reef.example:8443', uri: 'https://reef.example:8443' }), account, options)).toMatchObject({
      code: 'LOGIN_DOMAIN_MISMATCH',
    });
    expect(checkLoginMessage(siwe({ scheme: 'http' }), account, options)).toMatchObject({ code: 'LOGIN_DOMAIN_MISMATCH' });
    expect(checkLoginMessage(siwe({ chainId: 97 }), account, options)).toMatchObject({ code: 'LOGIN_CHAIN_MISMATCH' });
    expect(checkLoginMessage(siwe({ issuedAt: new Date(now + 6 * 60_000) }), account, options)).toMatchObject({ code: 'LOGIN_MESSAGE_EXPIRED' });
    expect(checkLoginMessage(siwe({ notBefore: new Date(now + 60_000) }), account, options)).toMatchObject({ code: 'LOGIN_MESSAGE_INVALID' });
    expect(checkLoginMessage(siwe().replace('Version: 1', 'Version: 2'), account, options)).toMatchObject({ code: 'LOGIN_MESSAGE_INVALID' });
    expect(checkLoginMessage(siwe(), '0x000000000000000000000000000000000000dEaD', options)).toMatchObject({ code: 'LOGIN_MESSAGE_INVALID' });
  });
});
