import { z } from 'zod';
import { address, endpoint, hexString, isoTime } from '../common.js';

export const loginNonce = endpoint({
  method: 'GET',
  path: '/api/login/nonce',
  auth: 'none',
  response: z.object({ nonce: z.string(), expires_at: isoTime }),
});

export const login = endpoint({
  method: 'POST',
  path: '/api/login',
  auth: 'none',
  body: z.object({
    sign: hexString.max(1024),
    account: address,
    msg: z.string().min(1).max(2000),
    /** The referrer's uid from `?spread=`; ignored when unknown. */
    spread: z.union([z.string().max(32), z.number().int().nonnegative()]).nullish(),
  }),
  response: z.object({ token: z.string(), expires_at: isoTime }),
});

export const logout = endpoint({
  method: 'POST',
  path: '/api/logout',
  auth: 'user',
  response: z.null(),
});
