/**
 * EIP-4361 (Sign-In with Ethereum) message text, written by hand to keep viem out of the client.
 * The layout matches viem's createSiweMessage, because the server reads it with parseSiweMessage.
 */
export interface SiweFields {
  /** RFC 3986 authority asking for the signature: window.location.host. */
  domain: string;
  address: string;
  /** Human-readable line; part of the signed protocol text, so never translated. */
  statement: string;
  /** window.location.origin. */
  uri: string;
  chainId: number;
  nonce: string;
  issuedAt: Date;
}

/** The statement Reef signs. English on purpose: it is protocol text, not UI. */
export const SIGN_IN_STATEMENT = 'Sign in to Reef.';

export function buildSiweMessage(fields: SiweFields): string {
  return [
    `${fields.domain} wants you to sign in with your Ethereum account:`,
    fields.address,
    '',
    fields.statement,
    '',
    `URI: ${fields.uri}`,
    'Version: 1',
    `Chain ID: ${fields.chainId}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt.toISOString()}`,
  ].join('\n');
}

/** personal_sign takes the message as 0x-prefixed hex of its UTF-8 bytes. */
export function utf8ToHex(text: string): string {
  let hex = '0x';
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
