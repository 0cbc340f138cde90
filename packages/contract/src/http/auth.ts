import * as z from 'zod/mini';
import { address, endpoint, freeText, hexString, isoTime } from '../common.js';

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
