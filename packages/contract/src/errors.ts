export { ERROR_CODES, type ErrorCode } from './error-codes.js';

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
