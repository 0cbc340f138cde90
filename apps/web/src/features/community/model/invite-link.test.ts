import { describe, expect, it } from 'vitest';
import { readSpread } from '../../../lib/spread';
import { inviteLink, posterFileName } from './invite-link';

describe('the invite link', () => {
  it('carries the uid as spread before the hash and opens Home', () => {
    expect(inviteLink({ origin: 'https://reef.example', pathname: '/index/' }, 42)).toBe('https://reef.example/index/?spread=42#/');
  });

  it('is read back by the sign-in side as the same referrer', () => {
    const url = new URL(inviteLink({ origin: 'https://reef.example', pathname: '/index/' }, 7));
    expect(readSpread({ search: url.search, hash: url.hash })).toBe('7');
  });

  it('names the poster after the inviter', () => {
    expect(posterFileName(42)).toBe('reef-invite-42.png');
  });
});
