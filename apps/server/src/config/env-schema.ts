/** Every environment variable the server reads, with its check and default (README lists them all). */
import { z } from 'zod';
import { chatSocket } from '@reef/contract';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const decimalRate = z.string().regex(/^(0(\.\d{1,8})?|1(\.0{1,8})?)$/, 'a decimal between 0 and 1, e.g. 0.01');

/** A non-negative amount with at most 8 places, as the ledger holds it. */
const decimalAmount = z.string().regex(/^\d{1,30}(\.\d{1,8})?$/, 'a decimal amount with at most 8 places, e.g. 1.5');

/** A rate or price greater than zero with at most 8 places. */
const positiveDecimal = decimalAmount.refine((v) => /[1-9]/.test(v), 'a decimal greater than zero with at most 8 places, e.g. 1.5');

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'a redis:// URL')
    .optional(),
  REALTIME_CHANNEL: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,100}$/, 'letters, digits and : _ . - (at most 100)')
    .default('reef-realtime'),
  SOCKET_IDLE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(chatSocket.SOCKET_IDLE_MS / 1000),
  SOCKETS_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
  SOCKETS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(50),
  PUBLIC_ORIGINS: z.string().optional(),
  LOGIN_LEGACY: bool.default(true),
  ADMIN_ADDRESSES: z.string().default(''),
  SERVICE_ADDRESSES: z.string().default(''),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24 * 7),
  TRANSFER_FEE_RATE: decimalRate.default('0'),
  RECIPIENT_LOOKUPS_PER_MINUTE: z.coerce.number().int().min(0).max(10_000).default(30),
  /** Bets per user in any rolling second before 'Do not operate frequently' (decision 071); 0 turns it off. */
  GAME_BETS_PER_SECOND: z.coerce.number().int().min(0).max(1000).default(5),
  /** WalletConnect Cloud project id (32 hex): the web offers WalletConnect only when it is set (decision 044). */
  WALLETCONNECT_PROJECT_ID: z
    .string()
    .regex(/^[0-9a-f]{32}$/, 'a WalletConnect project id is 32 lower-case hex characters')
    .optional(),
  /**
   * A relay other than WalletConnect's own, for tests only (refused in production): a wallet reaches the dApp through
   * the relay its own SDK uses, so a phone wallet never meets a relay named here (decision 044).
   */
  WALLETCONNECT_RELAY_URL: z
    .string()
    .regex(/^wss?:\/\/[^\s/?#]+\/?$/, 'a ws:// or wss:// origin, e.g. ws://127.0.0.1:4100')
    .optional(),
  ASSET_SYMBOLS: z.string().default(''),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  SIGN_IN_PER_MINUTE: z.coerce.number().int().min(0).max(10_000).default(20),
  TRUST_PROXY: z.string().default('off'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  COIN_TOTAL_ISSUANCE: z
    .string()
    .regex(/^\d{1,30}(\.\d{1,8})?$/, 'a decimal amount')
    .default('100000000'),
  WITHDRAW_FEE_USDT: decimalAmount.default('1'),
  WITHDRAW_FEE_COIN: decimalAmount.default('10'),
  PRICE_SAMPLE_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  BSC_RPC_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'an http(s):// URL')
    .optional(),
  DEPOSIT_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'a wallet address')
    .optional(),
  USDT_CONTRACT: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'a contract address')
    .optional(),
  COIN_CONTRACT: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'a contract address')
    .optional(),
  DEPOSIT_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(3),
  EXPLORER_URL: z
    .string()
    .regex(/^https?:\/\/[^\s?#]+$/, 'an http(s):// URL without query or fragment, e.g. https://bscscan.com')
    .default('https://bscscan.com'),
  RECHARGE_MIN_USDT: decimalAmount.default('1'),
  RECHARGE_MIN_COIN: decimalAmount.default('1'),
  DEPOSIT_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  RUSD_PER_USDT: positiveDecimal.default('1'),
  BNB_PRICE_USDT: positiveDecimal.default('600'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(5 * 1024 * 1024),
  UPLOAD_PER_MINUTE: z.coerce.number().int().min(0).max(10_000).default(30),
  /**
   * Uploads in an S3-compatible bucket instead of the data directory (decision 124): nodes on several hosts share
   * it without a shared disk. The bucket must exist; its endpoint is the service's origin (path-style requests).
   */
  UPLOAD_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name (3–63 lower-case letters, digits, dots and hyphens)')
    .optional(),
  UPLOAD_S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+\/?$/, 'the service origin, e.g. https://s3.eu-central-1.amazonaws.com')
    .optional(),
  UPLOAD_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'a region name, e.g. eu-central-1 (us-east-1 for most S3-compatible services)')
    .default('us-east-1'),
  UPLOAD_S3_ACCESS_KEY_ID: z
    .string()
    .regex(/^[\x21-\x7e]{1,128}$/, 'an access key id')
    .optional(),
  UPLOAD_S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, 'empty, or folder names each ending in /, e.g. uploads/')
    .default('uploads/'),
  AI_BASE_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'an http(s):// URL, e.g. https://api.openai.com/v1')
    .optional(),
  AI_MODEL: z.string().min(1).max(200).optional(),
  AI_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  // The built-in assistant's pause between pieces: it streams like a provider; demos and browser tests slow it.
  AI_BUILTIN_PAUSE_MS: z.coerce.number().int().min(0).max(1000).default(15),
  /** A WeChat official account (decision 066): with its secret, GET /api/wechat/config and /auth answer; without, 'Not Supported'. */
  WECHAT_APP_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'a WeChat app id, e.g. wx1234567890abcdef')
    .optional(),
  /** WeChat's API origin; tests point it at a loopback fake of the token and ticket endpoints. */
  WECHAT_API_BASE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s?#]+$/, 'an http(s):// URL without query or fragment')
    .default('https://api.weixin.qq.com'),
  WECHAT_OAUTH_URL: z
    .string()
    .regex(/^https?:\/\/[^\s?#]+$/, 'an http(s):// URL without query or fragment')
    .default('https://open.weixin.qq.com/connect/oauth2/authorize'),
  /**
   * An HTTP SMS gateway for phone sign-in codes (decision 076): POST {to, text} as JSON with the token as a bearer.
   * Without it a development server logs the code and a production one answers 'Not Supported'.
   */
  SMS_PROVIDER_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'an http(s):// URL')
    .optional(),
  /** Codes sent to one phone number per 24 hours (all purposes). */
  SMS_PER_PHONE_PER_DAY: z.coerce.number().int().min(1).max(1000).default(10),
  /** Codes requested from one client address per hour. */
  SMS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Developer helpers POST /api/dev_login and /api/dev_key (decision 077); refused with NODE_ENV=production. */
  DEV_LOGIN: bool.default(false),
  /** GET /api/version: the server's version and commit (set by the build), and the oldest web build still served. */
  APP_VERSION: z
    .string()
    .regex(/^[0-9A-Za-z.+-]{1,40}$/, 'a version such as 1.4.0')
    .default('0.0.0'),
  BUILD_COMMIT: z
    .string()
    .regex(/^[0-9A-Za-z._-]{1,64}$/, 'a commit id')
    .default('unknown'),
  /** The oldest web build (its build id, a UTC timestamp like 20261127T1800) the server still supports; older ones show 'update available'. */
  MIN_CLIENT_BUILD: z
    .string()
    .regex(/^[0-9A-Za-z._-]{1,64}$/, 'a build id such as 20261127T1800')
    .default('0'),
  NODE_ENV: z.string().optional(),
  CLOCK_ADJUSTABLE: bool.default(false),
  JOB_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** How often the mining and pledge settlements look for due periods (decision 056); a period is a day. */
  SETTLEMENT_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Between two runs of the reconciliation (decision 097): it reads every posting, so minutes, not seconds. */
  RECONCILIATION_INTERVAL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  /** How often the community consumer follows the outbox for the team figures (decision 064). */
  COMMUNITY_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
  /** After SIGTERM/SIGINT the process exits within this many seconds, whatever is still running (decision 080). */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /** Points shop (decision 073): an unpaid order is cancelled and its stock released after this many minutes. */
  SHOP_ORDER_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  /** A shipped order the user has not confirmed is received automatically after this many days. */
  SHOP_AUTO_RECEIVE_DAYS: z.coerce.number().int().min(1).max(90).default(10),
});
