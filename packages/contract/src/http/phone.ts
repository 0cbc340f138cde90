/**
 * Phone sign-in (decision 076): a 6-digit code sent by SMS, used once within 10 minutes, 5 wrong entries lock it,
 * a new one no sooner than 60 s after the last. 'bind' codes attach the phone to the signed-in wallet account;
 * 'login' codes sign in to the account that has the phone bound.
 */
import * as z from 'zod/mini';
import { endpoint, isoTime } from '../common.js';
import { toE164 } from '../phone-number.js';

export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_RESEND_SECONDS = 60;
export const PHONE_CODE_TTL_SECONDS = 600;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
export const PHONE_PURPOSES = ['login', 'bind'] as const;

/**
 * E.164, read by the one rule the browser also uses (`toE164`, decision 118): a number with '+' and its country code,
 * separators people type dropped; a mainland-China mobile typed without a country code is read as +86 (decision 076).
 * The page sends what it normalised with the country picked beside the field. A number that is not one refuses with
 * its own code, PHONE_INVALID, so the page can say what is wrong under the field instead of "Parameter error".
 */
export const phoneNumber = z.pipe(
  // No length check of its own: toE164 refuses past 32 characters, with PHONE_INVALID like any other wrong number.
  z.string(),
  z.transform((raw, ctx) => {
    const value = toE164(raw);
    if (value === null) {
      ctx.issues.push({
        code: 'custom',
        message: 'a phone number with its country code, e.g. +886912345678',
        input: raw,
        params: { refusal: 'PHONE_INVALID' },
      });
      return z.NEVER;
    }
    return value;
  }),
);

export const phoneCode = z.string().check(z.regex(/^\d{6}$/));

/** The number as pages show it: country code, the first two and the last three digits. */
export const maskedPhone = z.string();

/** Sends a code. 'bind' needs a signed-in caller; 'login' answers the same whether or not the number has an account. */
export const sendCode = endpoint('POST /api/register', 'none', {
  body: z.object({ phone: phoneNumber, purpose: z._default(z.enum(PHONE_PURPOSES), 'login') }),
  response: z.object({ resend_after_seconds: z.int(), expires_in_seconds: z.int() }),
});

export const verifyPhone = endpoint('POST /api/register/verify', 'user', {
  body: z.object({ phone: phoneNumber, code: phoneCode }),
  response: z.object({ phone: maskedPhone }),
});

/** A wallet sign-in's answer plus the account's wallet address (the app keeps it with the token, as after a wallet sign-in). */
export const loginMobile = endpoint('POST /api/login/mobile', 'none', {
  body: z.object({ phone: phoneNumber, code: phoneCode }),
  response: z.object({ token: z.string(), expires_at: isoTime, account: z.string() }),
});

/** The caller's bound phone, masked; null when none. */
export const myPhone = endpoint('GET /api/user/phone', 'user', {
  response: z.object({ phone: z.nullable(maskedPhone) }),
});
