/**
 * Who the signed-in user is and what they hold (GET /api/user/info): what the shell and Home read on every start. It
 * has its own file so that the first load's bundle holds it alone, not the profile and referrer endpoints the lazy
 * pages use (decision 111); `users.ts` re-exports it.
 */
import * as z from 'zod/mini';
import { address, amountString, assetKey, endpoint, uid } from '../common.js';
import { uploadAddress } from './uploads.js';

export const balance = z.object({ key: assetKey, symbol: z.string(), amount: amountString });

/** Someone shown to another user: never their full wallet address. */
export const userBadge = z.object({
  uid,
  nickname: z.string(),
  /** First 4 + "..." + last 4 characters of the account. */
  address: z.string(),
  avatar: z.nullable(uploadAddress),
});
export type UserBadge = z.infer<typeof userBadge>;

export const userInfo = z.object({
  uid,
  account: address,
  /** First 4 + "..." + last 4 characters of the account. */
  address: z.string(),
  nickname: z.string(),
  /** An upload of the user's own (`/uploads/<sha256>.<ext>`), null until one is set. */
  avatar: z.nullable(uploadAddress),
  level: z.int(),
  /** The operator's name of that level (community_levels), the one the community page shows; `V<n>` when unnamed. */
  level_name: z.string(),
  pledged: z.boolean(),
  invite_address: z.nullable(address),
  /** Who the referrer is, for Mine; null before one is bound. */
  referrer: z.nullable(userBadge),
  has_pay_password: z.boolean(),
  role: z.enum(['user', 'admin']),
  /** Customer service (SERVICE_ADDRESSES): the chat pages show the desk inbox. */
  service_agent: z.boolean(),
  balances: z.array(balance),
});
export type UserInfo = z.infer<typeof userInfo>;

export const getUserInfo = endpoint('GET /api/user/info', 'user', { response: userInfo });
