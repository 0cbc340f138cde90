/**
 * Phone sign-in (decision 076): a 6-digit code sent by SMS, used once within 10 minutes, 5 wrong entries lock it,
 * a new one no sooner than 60 s after the last. 'bind' codes attach the phone to the signed-in wallet account;
 * 'login' codes sign in to the account that has the phone bound.
 */
import * as z from 'zod/mini';
import { endpoint, isoTime } from '../common.js';

export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_RESEND_SECONDS = 60;
export const PHONE_CODE_TTL_SECONDS = 600;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
export const PHONE_PURPOSES = ['login', 'bind'] as const;

/**
 * E.164: '+', the country code and the number, 8 to 15 digits; spaces and dashes people type are dropped first.
 * A mainland-China mobile typed without a country code (11 digits starting with 1) is read as +86.
 */
export const phoneNumber = z.pipe(
  z.string().check(z.maxLength(32)),
  z.transform((raw, ctx) => {
    const compact = raw.replace(/[\s-]/g, '');
    const value = /^1[3-9]\d{9}$/.test(compact) ? `+86${compact}` : compact;
    if (!/^\+[1-9]\d{7,14}$/.test(value)) {
      ctx.issues.push({ code: 'custom', message: 'a phone number with its country code, e.g. +886912345678', input: raw });
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
