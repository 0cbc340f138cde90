import { z } from 'zod';
import { ASSET_KEYS } from './assets.js';
import { AMOUNT_SCALE } from './constants.js';
import { MAX_INTEGER_DIGITS } from './money.js';

/** A positive exact decimal string: "1", "0.5", at most 8 places, never a JS number. */
export const positiveAmount = z
  .string()
  .max(MAX_INTEGER_DIGITS + AMOUNT_SCALE + 1)
  .regex(new RegExp(`^\\d{1,${MAX_INTEGER_DIGITS}}(\\.\\d{1,${AMOUNT_SCALE}})?$`))
  .refine((v) => /[1-9]/.test(v), { message: 'must be greater than zero' });

/** A non-zero signed exact decimal string, for operator adjustments. */
export const signedAmount = z
  .string()
  .max(MAX_INTEGER_DIGITS + AMOUNT_SCALE + 2)
  .regex(new RegExp(`^-?\\d{1,${MAX_INTEGER_DIGITS}}(\\.\\d{1,${AMOUNT_SCALE}})?$`))
  .refine((v) => /[1-9]/.test(v), { message: 'must not be zero' });

/** An amount as the server answers it: exact decimal string, 8 places. */
export const amountString = z.string().regex(/^-?\d+\.\d{8}$/);

export const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
export const hexString = z.string().regex(/^0x[0-9a-fA-F]*$/);
export const assetKey = z.enum(ASSET_KEYS);
export const uid = z.number().int().positive();
export const isoTime = z.string();

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number().int(), msg: z.string(), data });

export const refusalData = z.object({ code: z.string() }).passthrough();

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  auth: 'none' | 'user' | 'admin';
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}

/** Keeps the literal type, so an endpoint without `body` has no body type (not `unknown`). */
export function endpoint<const T extends Endpoint>(e: T): T {
  return e;
}
