import { address as addressSchema, MAX_UID } from '@reef/contract';

/** What the bind field holds, read as the server takes it; `invalid` when it is none of them. */
export type ReferrerInput = { kind: 'address'; address: string } | { kind: 'uid'; uid: number } | { kind: 'empty' } | { kind: 'invalid' };

const DIGITS = /^\d{1,10}$/;
/** The referrer id inside an invite link (`?spread=7`, before or inside the hash). */
const SPREAD_IN_LINK = /[?&]spread=(\d{1,10})(?:[&#]|$)/;

function asUid(digits: string): ReferrerInput {
  const uid = Number(digits);
  return uid >= 1 && uid <= MAX_UID ? { kind: 'uid', uid } : { kind: 'invalid' };
}

/**
 * The bind field takes a wallet address, a uid / invite code (the same number: an invite link carries the
 * referrer's uid as `?spread=`), or a whole invite link pasted as it was shared.
 */
export function parseReferrerInput(raw: string): ReferrerInput {
  const value = raw.trim();
  if (value === '') return { kind: 'empty' };
  if (addressSchema.safeParse(value).success) return { kind: 'address', address: value };
  if (DIGITS.test(value)) return asUid(value);
  const link = SPREAD_IN_LINK.exec(value);
  if (link && /^https?:\/\//i.test(value)) return asUid(link[1]!);
  return { kind: 'invalid' };
}
