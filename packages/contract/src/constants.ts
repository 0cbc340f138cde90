/** Business constants of spec §9, shared by server and client. */
export const CHAIN_ID = 56;
export const CHAIN_ID_HEX = '0x38';
export const WALLET_DETECT_TIMEOUT_MS = 3000;
export const REQUEST_TIMEOUT_MS = 60_000;
export const PAGE_LOADING_DELAY_MS = 200;
export const PAGE_TIMEOUT_MS = 60_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const HEARTBEAT_MS = 10_000;
export const RECONNECT_MS = 2_000;
export const SOCKET_LOG_MAX = 100;
export const TRANSPORT_ERROR_TOAST_MS = 1500;
export const TOAST_MS = 2000;
export const SUBMIT_DEBOUNCE_MS = 500;
export const MIN_WITHDRAWAL_EXCLUSIVE = '100';
export const PAY_PASSWORD_LENGTH = 6;
/** Wrong transaction passwords in a row before the password is locked, and for how long. */
export const PAY_PASSWORD_MAX_FAILURES = 5;
export const PAY_PASSWORD_LOCK_MINUTES = 15;
export const TEXTAREA_MAX = 140;
export const BADGE_MAX = 999;

/** Amounts are stored with 8 decimal places; shown with 4 by default, 2 where the spec says so. */
export const AMOUNT_SCALE = 8;
export const DISPLAY_DECIMALS = 4;

/** Sign-in: the legacy message is the word LOGIN followed by a millisecond timestamp. */
export const LEGACY_LOGIN_PREFIX = 'LOGIN';
export const LOGIN_MESSAGE_MAX_AGE_MS = 5 * 60_000;
export const LOGIN_NONCE_TTL_MS = 10 * 60_000;

/** localStorage keys used by the client (spec §7). */
export const STORAGE_TOKEN_KEY = 'tokens_rwa';
export const STORAGE_SPREAD_KEY = 'spread';
export const STORAGE_LANGUAGE_KEY = 'language';
export const STORAGE_ACCOUNT_KEY = 'account';
export const STORAGE_RETURN_URL_KEY = 'return_url';
