import * as z from 'zod/mini';
import { address, endpoint, freeText, hexString, isoTime, uid } from '../common.js';

export const loginNonce = endpoint('GET /api/login/nonce', 'none', { response: z.object({ nonce: z.string(), expires_at: isoTime }) });

export const login = endpoint('POST /api/login', 'none', {
  body: z.object({
    sign: hexString.check(z.maxLength(1024)),
    account: address,
    msg: freeText(2000, { multiline: true, trim: false }),
    /** The referrer's uid from `?spread=`; ignored when unknown. */
    spread: z.nullish(z.union([z.string().check(z.maxLength(32)), z.int().check(z.nonnegative())])),
  }),
  response: z.object({ token: z.string(), expires_at: isoTime }),
});

export const logout = endpoint('POST /api/logout', 'user', { response: z.null() });

/**
 * Developer helpers (decision 077): registered only when the server runs with DEV_LOGIN=true, which it refuses together
 * with NODE_ENV=production. dev_login signs in as a user by uid or wallet address (an unknown address becomes a new
 * user, as a first wallet sign-in would); dev_key makes a fresh wallet key and signs in as its new user.
 */
export const devLogin = endpoint('POST /api/dev_login', 'none', {
  body: z
    .object({ account: z.optional(address), uid: z.optional(uid) })
    .check(z.refine((body) => (body.account === undefined) !== (body.uid === undefined), { message: 'give either account or uid' })),
  response: z.object({ token: z.string(), expires_at: isoTime, uid, account: z.string() }),
});

export const devKey = endpoint('POST /api/dev_key', 'none', {
  response: z.object({ private_key: hexString, token: z.string(), expires_at: isoTime, uid, account: z.string() }),
});
