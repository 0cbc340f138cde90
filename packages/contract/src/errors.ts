/**
 * Stable machine codes for refusals (envelope `data.code`) and the auth status codes of spec §8.
 * The server localizes `msg`; clients branch on the code, never on the text.
 */
export const ERROR_CODES = [
  'PARAMETER_ERROR',
  'NOT_FOUND',
  'FORBIDDEN',
  'TOO_FREQUENT',
  'INTERNAL_ERROR',
  'INSUFFICIENT_BALANCE',
  'UNKNOWN_ASSET',
  'RECIPIENT_NOT_FOUND',
  'SELF_TRANSFER',
  'IDEMPOTENCY_KEY_REUSED',
  'LOGIN_SIGNATURE_INVALID',
  'LOGIN_MESSAGE_INVALID',
  'LOGIN_MESSAGE_EXPIRED',
  'LOGIN_MESSAGE_REPLAYED',
  'LOGIN_LEGACY_DISABLED',
  'LOGIN_NONCE_INVALID',
  'LOGIN_DOMAIN_MISMATCH',
  'LOGIN_CHAIN_MISMATCH',
  'REFERRER_ALREADY_BOUND',
  'REFERRER_SELF',
  'REFERRER_NOT_FOUND',
  'REFERRER_CYCLE',
  'USER_NOT_FOUND',
  'PAIR_NOT_FOUND',
  'EXCHANGE_CLOSED',
  'SLIPPAGE_EXCEEDED',
  'AMOUNT_TOO_SMALL',
  'LAKE_EXISTS',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const STATUS_OK = 200;
export const STATUS_REFUSED = 400;
/** No token was sent. */
export const STATUS_NO_TOKEN = 410000;
/** The token is unknown or malformed. */
export const STATUS_BAD_TOKEN = 410001;
/** The token expired or was revoked. */
export const STATUS_TOKEN_EXPIRED = 410002;
export const AUTH_STATUSES = [STATUS_NO_TOKEN, STATUS_BAD_TOKEN, STATUS_TOKEN_EXPIRED] as const;
export const STATUS_TOO_FREQUENT = 429;
