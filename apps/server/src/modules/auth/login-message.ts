/**
 * The two sign-in message forms and their checks. Pure: no database, no clock of its own.
 *
 * - Legacy: "LOGIN" + millisecond timestamp (spec §7). Kept for existing clients; it names no site, so a
 *   look-alike site could reuse such a signature — hence single use, a 5-minute window, and a switch off.
 * - EIP-4361 (Sign-In with Ethereum): names our domain, URI and chain, carries a single-use nonce, so the
 *   wallet itself can warn when the requesting site is not ours.
 */
import { parseSiweMessage } from 'viem/siwe';
import { CHAIN_ID, LEGACY_LOGIN_PREFIX, LOGIN_MESSAGE_MAX_AGE_MS, type ErrorCode } from '@reef/contract';

export type LoginMessage = { form: 'legacy'; timestamp: number } | { form: 'siwe'; nonce: string };

export type LoginMessageCheck = { ok: true; message: LoginMessage } | { ok: false; code: ErrorCode };

const LEGACY_RE = new RegExp(`^${LEGACY_LOGIN_PREFIX}(\\d{13})$`);

export function checkLoginMessage(
  msg: string,
  account: string,
  options: { now: number; legacyEnabled: boolean; origins: readonly string[] },
): LoginMessageCheck {
  const legacy = LEGACY_RE.exec(msg);
  if (legacy) {
    if (!options.legacyEnabled) return { ok: false, code: 'LOGIN_LEGACY_DISABLED' };
    const timestamp = Number(legacy[1]);
    if (Math.abs(options.now - timestamp) > LOGIN_MESSAGE_MAX_AGE_MS) return { ok: false, code: 'LOGIN_MESSAGE_EXPIRED' };
    return { ok: true, message: { form: 'legacy', timestamp } };
  }

  const siwe = parseSiweMessage(msg);
  if (!siwe.address || !siwe.domain || !siwe.uri || !siwe.nonce || !siwe.issuedAt || siwe.version !== '1') {
    return { ok: false, code: 'LOGIN_MESSAGE_INVALID' };
  }
  if (siwe.address.toLowerCase() !== account.toLowerCase()) return { ok: false, code: 'LOGIN_MESSAGE_INVALID' };

  let uriOrigin: string;
  try {
    uriOrigin = new URL(siwe.uri).origin;
  } catch {
    return { ok: false, code: 'LOGIN_MESSAGE_INVALID' };
  }
  const allowed = options.origins.some((origin) => {
    const url = new URL(origin);
    const schemeOk = !siwe.scheme || `${siwe.scheme}:` === url.protocol;
    return schemeOk && siwe.domain === url.host && uriOrigin === url.origin;
  });
  if (!allowed) return { ok: false, code: 'LOGIN_DOMAIN_MISMATCH' };
  if (siwe.chainId !== CHAIN_ID) return { ok: false, code: 'LOGIN_CHAIN_MISMATCH' };

  const issuedAt = siwe.issuedAt.getTime();
  if (Number.isNaN(issuedAt)) return { ok: false, code: 'LOGIN_MESSAGE_INVALID' };
  if (Math.abs(options.now - issuedAt) > LOGIN_MESSAGE_MAX_AGE_MS) return { ok: false, code: 'LOGIN_MESSAGE_EXPIRED' };
  if (siwe.expirationTime && !(siwe.expirationTime.getTime() > options.now)) return { ok: false, code: 'LOGIN_MESSAGE_EXPIRED' };
  if (siwe.notBefore && !(siwe.notBefore.getTime() <= options.now)) return { ok: false, code: 'LOGIN_MESSAGE_INVALID' };

  return { ok: true, message: { form: 'siwe', nonce: siwe.nonce } };
}
