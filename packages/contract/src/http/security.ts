import * as z from 'zod/mini';
import { PAY_PASSWORD_LENGTH } from '../constants.js';
import { endpoint } from '../common.js';

/** The transaction password (spec §5, §9): exactly six digits, sent as a string so leading zeros survive. */
export const payPassword = z.string().check(z.regex(new RegExp(`^\\d{${PAY_PASSWORD_LENGTH}}$`)));

/**
 * Sets the transaction password when none is set; changing it needs the current one in `old_password`.
 * `password` ≠ `confirm` is refused with PAY_PASSWORD_MISMATCH (not a parameter error), so the client can
 * say which rule failed. A wrong `old_password` counts towards the lock-out like any wrong password.
 */
export const setPayPassword = endpoint('POST /api/user/password', 'user', {
  body: z.object({ password: payPassword, confirm: payPassword, old_password: z.optional(payPassword) }),
  response: z.object({ has_pay_password: z.literal(true) }),
});
