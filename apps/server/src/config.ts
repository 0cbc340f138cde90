/**
 * The one place the server reads its environment. Every variable is validated at start;
 * a bad value stops the process with a message naming the variable (README lists them all).
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { privateKeyToAccount } from 'viem/accounts';
import { ASSET_KEYS, DEFAULT_ASSET_SYMBOLS, chatSocket, type AssetKey, type DepositAsset, type WithdrawalAsset } from '@reef/contract';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const decimalRate = z.string().regex(/^(0(\.\d{1,8})?|1(\.0{1,8})?)$/, 'a decimal between 0 and 1, e.g. 0.01');

/** A non-negative amount with at most 8 places, as the ledger holds it. */
const decimalAmount = z.string().regex(/^\d{1,30}(\.\d{1,8})?$/, 'a decimal amount with at most 8 places, e.g. 1.5');

/** A rate or price greater than zero with at most 8 places. */
const positiveDecimal = decimalAmount.refine((v) => /[1-9]/.test(v), 'a decimal greater than zero with at most 8 places, e.g. 1.5');

const envSchema = z.object({
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

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Redis pub/sub channel the nodes of one deployment share for socket frames (and the flood-control key prefix). */
  realtimeChannel: string;
  /** A chat socket that sends nothing for this long is closed (the client pings every 10 s). */
  socketIdleMs: number;
  /** Open chat sockets one user may hold on one node; a further one is closed with 4429 (decision 037). */
  socketsPerUser: number;
  /** Open chat sockets (signed in or not yet) from one client address on one node (decision 037). */
  socketsPerAddress: number;
  /**
   * Origins whose EIP-4361 sign-in messages this server accepts (scheme://host[:port]); a chat socket
   * upgrade carrying an Origin header outside them is refused with 403.
   */
  publicOrigins: string[];
  loginLegacy: boolean;
  adminAddresses: Set<string>;
  /** Customer-service agents (lower-case wallet addresses): they see and answer the service desk. */
  serviceAddresses: Set<string>;
  tokenTtlMs: number;
  transferFeeRate: string;
  /** Recipient previews per user per minute (guessing uids to list who uses the app); 0 turns the limit off. */
  recipientLookupsPerMinute: number;
  /** Bets per user in any rolling second (the game zone's burst limit); 0 turns the limit off. */
  gameBetsPerSecond: number;
  /** WalletConnect Cloud project id, public by design (it ships in the page); null turns WalletConnect off. */
  walletConnectProjectId: string | null;
  /** The relay the web's WalletConnect provider uses; null for WalletConnect's own (wss://relay.walletconnect.org). */
  walletConnectRelayUrl: string | null;
  assetSymbols: Record<AssetKey, string>;
  rateLimitPerMinute: number;
  /** Nonce and sign-in requests per client address per minute (their own budget); 0 turns it off. */
  signInPerMinute: number;
  /**
   * Which proxies' X-Forwarded-For is believed (decision 036): false (none: the socket's address is the client),
   * a hop count, or the proxies' addresses and CIDR ranges. Never `true`: then any client picks its address.
   */
  trustProxy: false | number | string[];
  logLevel: string;
  webDist: string;
  /** Configured total issuance of the platform coin (shown on Home). */
  coinTotalIssuance: string;
  /** Interval of the sampled price points. */
  priceSampleMs: number;
  /** Gas fee per withdrawal, charged on top of the amount, per asset. */
  withdrawFees: Record<WithdrawalAsset, string>;
  /** On-chain deposits: null when no BSC_RPC_URL is set (recharges then go to review, decision 019). */
  chain: ChainConfig | null;
  /**
   * Lower-case address users pay deposits to, in both recharge modes (decision 042): without an RPC the page
   * still has to say where to pay. Null when DEPOSIT_ADDRESS is not set (then only with no RPC).
   */
  depositAddress: `0x${string}` | null;
  /** Block explorer base URL, without a trailing slash; the app links `/address/…` and `/tx/…` under it. */
  explorerUrl: string;
  /** Blocks, counting the transaction's own, before a deposit is credited. */
  depositConfirmations: number;
  /** Smallest deposit credited, per asset (smaller ones are refused). */
  rechargeMinimums: Record<DepositAsset, string>;
  /** Interval of the watcher that credits pending deposits once confirmed. */
  depositPollMs: number;
  /** RUSD credited per USDT converted (POST /api/user/charge). */
  rusdPerUsdt: string;
  /** USDT per BNB, for the BNB charge (chargeBNBCalculator / chargeBNB). */
  bnbPriceUsdt: string;
  /** Largest file POST /api/upload accepts, in bytes (enforced while streaming). */
  uploadMaxBytes: number;
  /** New uploads per user per minute; 0 turns the limit off. */
  uploadPerMinute: number;
  /** OpenAI-compatible chat-completions provider; null runs the built-in help assistant. */
  ai: AiProviderConfig | null;
  /** Longest wait for the provider's next bytes before the answer fails with a time-out. */
  aiTimeoutMs: number;
  /** Pause between the built-in assistant's streamed pieces (no provider configured). */
  aiBuiltinPauseMs: number;
  /** Tests may move the business clock (core/clock.ts, POST /api/test/clock); refused in production. */
  clockAdjustable: boolean;
  /** How often the job runner looks for due jobs when it found none. */
  jobPollMs: number;
  /** How often the settlements run (decision 056). */
  settlementPollMs: number;
  reconciliationIntervalMs: number;
  /** How often the team figures' consumer runs (decision 064). */
  communityPollMs: number;
  /** Points shop: an unpaid order's time-out, and how long a shipped order waits before it is received automatically. */
  shopOrderTimeoutMs: number;
  shopAutoReceiveMs: number;
  /** The WeChat official account for the JS-SDK share menus and web authorisation; null: 'Not Supported' (decision 066). */
  wechat: WechatConfig | null;
  /** `GET /metrics` answers only a bearer of this token; null: the route answers 404 (decision 079). */
  metrics: MetricsConfig | null;
  /** The transaction password's pepper (decision 106). */
  payPassword: PayPasswordConfig;
  /** The deadline of a graceful shutdown: past it the process exits anyway (decision 080). */
  shutdownTimeoutMs: number;
  /** Phone sign-in codes (decision 076). */
  sms: SmsConfig;
  /** POST /api/dev_login and /api/dev_key exist (decision 077); never in production. */
  devLogin: boolean;
  /** GET /api/version (decision 077). */
  version: { version: string; commit: string; minClientBuild: string };
}

export interface MetricsConfig {
  /** Non-enumerable, so logging or serialising the configuration does not print it. */
  readonly token: string;
}

/** METRICS_TOKEN: one token of 24 to 200 printable characters; no message contains it. */
/**
 * PAY_PASSWORD_PEPPER (decision 106): the server-side secret every new transaction password hash is keyed with. At
 * least 32 printable characters; every node of a deployment needs the same one, and losing it loses every peppered
 * password (their owners set new ones). Without it, the slow unpeppered hash.
 */
function payPasswordOf(value: string | undefined): PayPasswordConfig {
  if (value !== undefined && !/^[\x21-\x7e]{32,512}$/.test(value)) {
    throw new ConfigError('Invalid environment:\n  PAY_PASSWORD_PEPPER: 32 to 512 printable characters without spaces (value not shown)');
  }
  const payPassword = {} as PayPasswordConfig;
  // Not enumerable, so no log or dump of the configuration carries it.
  Object.defineProperty(payPassword, 'pepper', { value: value === undefined ? null : Buffer.from(value, 'utf8'), enumerable: false, writable: false });
  return payPassword;
}

export interface PayPasswordConfig {
  /** PAY_PASSWORD_PEPPER as bytes, or null. */
  readonly pepper: Buffer | null;
}

function metricsOf(token: string | undefined): MetricsConfig | null {
  if (token === undefined) return null;
  if (!/^[\x21-\x7e]{24,200}$/.test(token)) {
    throw new ConfigError('Invalid environment:\n  METRICS_TOKEN: 24 to 200 printable characters without spaces (value not shown)');
  }
  const metrics = {} as MetricsConfig;
  Object.defineProperty(metrics, 'token', { value: token, enumerable: false, writable: false });
  return metrics;
}

export interface SmsConfig {
  /** The HTTP gateway; null: the development sender logs codes, or 'Not Supported' in production. */
  provider: SmsProviderConfig | null;
  /** With no provider: log codes (development) rather than refuse (production). */
  logCodes: boolean;
  perPhonePerDay: number;
  perIpPerHour: number;
}

export interface SmsProviderConfig {
  url: string;
  /** Non-enumerable, so logging or serialising the configuration does not print it; null when the gateway needs none. */
  readonly token: string | null;
}

function smsProviderOf(url: string | undefined, token: string | undefined): SmsProviderConfig | null {
  if (url === undefined) {
    if (token !== undefined) throw new ConfigError('Invalid environment:\n  SMS_PROVIDER_TOKEN: only valid together with SMS_PROVIDER_URL');
    return null;
  }
  if (token !== undefined && (/\s/.test(token) || token.length > 500))
    throw new ConfigError('Invalid environment:\n  SMS_PROVIDER_TOKEN: must be one token without spaces (value not shown)');
  const provider = { url } as SmsProviderConfig;
  Object.defineProperty(provider, 'token', { value: token ?? null, enumerable: false, writable: false });
  return provider;
}

export interface WechatConfig {
  appId: string;
  /** Without a trailing slash; `/cgi-bin/token` and `/cgi-bin/ticket/getticket` are appended. */
  apiBaseUrl: string;
  oauthUrl: string;
  /** Non-enumerable, so logging or serialising the configuration does not print it. */
  readonly appSecret: string;
}

/** WECHAT_APP_ID and WECHAT_APP_SECRET come together or not at all; no message contains the secret. */
function wechatOf(appId: string | undefined, appSecret: string | undefined, apiBaseUrl: string, oauthUrl: string): WechatConfig | null {
  if (appId === undefined && appSecret === undefined) return null;
  if (appId === undefined) throw new ConfigError('Invalid environment:\n  WECHAT_APP_ID: required when WECHAT_APP_SECRET is set');
  if (appSecret === undefined) throw new ConfigError('Invalid environment:\n  WECHAT_APP_SECRET: required when WECHAT_APP_ID is set');
  if (!/^[A-Za-z0-9]{1,128}$/.test(appSecret)) throw new ConfigError('Invalid environment:\n  WECHAT_APP_SECRET: letters and digits only (value not shown)');
  const wechat = { appId, apiBaseUrl: apiBaseUrl.replace(/\/+$/, ''), oauthUrl } as WechatConfig;
  Object.defineProperty(wechat, 'appSecret', { value: appSecret, enumerable: false, writable: false });
  return wechat;
}

export interface ChainConfig {
  rpcUrl: string;
  /** Lower-case addresses. */
  depositAddress: `0x${string}`;
  tokenContracts: Record<DepositAsset, `0x${string}`>;
  /** Pays approved withdrawals on chain; null when no HOT_WALLET_KEY is set (operators record hashes). */
  hotWallet: HotWalletConfig | null;
}

export interface HotWalletConfig {
  /** Lower-case address of the key. */
  address: `0x${string}`;
  /** Non-enumerable, so logging or serialising the configuration does not print it. */
  readonly privateKey: `0x${string}`;
}

const PRIVATE_KEY_RE = /^0x[0-9a-fA-F]{64}$/;

/** Validates HOT_WALLET_KEY; no message ever contains the value. */
function hotWalletOf(key: string): HotWalletConfig {
  if (!PRIVATE_KEY_RE.test(key)) throw new ConfigError('Invalid environment:\n  HOT_WALLET_KEY: must be 0x and 64 hex digits (value not shown)');
  let address: `0x${string}`;
  try {
    address = privateKeyToAccount(key as `0x${string}`).address.toLowerCase() as `0x${string}`;
  } catch {
    throw new ConfigError('Invalid environment:\n  HOT_WALLET_KEY: not a valid secp256k1 private key (value not shown)');
  }
  const wallet = { address } as HotWalletConfig;
  Object.defineProperty(wallet, 'privateKey', { value: key, enumerable: false, writable: false });
  return wallet;
}

export interface AiProviderConfig {
  /** Without a trailing slash; `/chat/completions` is appended. */
  baseUrl: string;
  model: string;
  /** Non-enumerable, so logging or serialising the configuration does not print it. */
  readonly apiKey: string;
}

/** AI_BASE_URL, AI_API_KEY and AI_MODEL come together or not at all; no message contains the key. */
function aiProviderOf(baseUrl: string | undefined, apiKey: string | undefined, model: string | undefined): AiProviderConfig | null {
  const given = { AI_BASE_URL: baseUrl, AI_API_KEY: apiKey, AI_MODEL: model };
  const missing = Object.entries(given)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  if (missing.length === 3) return null;
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid environment:\n${missing.map((name) => `  ${name}: required when any of AI_BASE_URL, AI_API_KEY, AI_MODEL is set`).join('\n')}`,
    );
  }
  if (/\s/.test(apiKey!) || apiKey!.length > 500)
    throw new ConfigError('Invalid environment:\n  AI_API_KEY: must be one token without spaces (value not shown)');
  const provider = { baseUrl: baseUrl!.replace(/\/+$/, ''), model: model! } as AiProviderConfig;
  Object.defineProperty(provider, 'apiKey', { value: apiKey, enumerable: false, writable: false });
  return provider;
}

export class ConfigError extends Error {}

/** TRUST_PROXY: off (default), a hop count 1–10, or a comma list of IP addresses and CIDR ranges. */
export function trustProxyOf(value: string): false | number | string[] {
  const text = value.trim().toLowerCase();
  if (text === 'off' || text === 'false' || text === '0' || text === 'no') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new ConfigError(`Invalid environment:\n  TRUST_PROXY: a hop count is at most 10 (got ${JSON.stringify(value)})`);
    return hops;
  }
  if (text === 'true' || text === 'on' || text === 'yes') {
    throw new ConfigError(
      'Invalid environment:\n  TRUST_PROXY: "true" would let any client choose its address with X-Forwarded-For; give the hop count (e.g. 1) or the proxies\' addresses',
    );
  }
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [ip = '', prefix, extra] = entry.split('/');
    const family = isIP(ip);
    const bits = family === 4 ? 32 : 128;
    const validPrefix = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (!family || !validPrefix || extra !== undefined) {
      throw new ConfigError(`Invalid environment:\n  TRUST_PROXY: expected off, a hop count or IP addresses / CIDR ranges; got "${entry}"`);
    }
  }
  return entries;
}

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  // A secret: checked apart from the schema, whose messages quote the value they refuse.
  const hotWalletKey = cleaned.HOT_WALLET_KEY;
  delete cleaned.HOT_WALLET_KEY;
  const aiApiKey = cleaned.AI_API_KEY;
  delete cleaned.AI_API_KEY;
  const wechatSecret = cleaned.WECHAT_APP_SECRET;
  delete cleaned.WECHAT_APP_SECRET;
  const metricsToken = cleaned.METRICS_TOKEN;
  delete cleaned.METRICS_TOKEN;
  const smsToken = cleaned.SMS_PROVIDER_TOKEN;
  delete cleaned.SMS_PROVIDER_TOKEN;
  const payPasswordPepper = cleaned.PAY_PASSWORD_PEPPER;
  delete cleaned.PAY_PASSWORD_PEPPER;
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(cleaned[String(i.path[0])])})`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;

  const adminAddresses = new Set<string>();
  for (const raw of e.ADMIN_ADDRESSES.split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!ADDRESS_RE.test(raw)) throw new ConfigError(`Invalid environment:\n  ADMIN_ADDRESSES: not a wallet address: ${raw}`);
    adminAddresses.add(raw.toLowerCase());
  }

  const serviceAddresses = new Set<string>();
  for (const raw of e.SERVICE_ADDRESSES.split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!ADDRESS_RE.test(raw)) throw new ConfigError(`Invalid environment:\n  SERVICE_ADDRESSES: not a wallet address: ${raw}`);
    serviceAddresses.add(raw.toLowerCase());
  }

  const assetSymbols = { ...DEFAULT_ASSET_SYMBOLS };
  for (const pair of e.ASSET_SYMBOLS.split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [key = '', symbol = ''] = pair.split('=').map((s) => s.trim());
    if (!(ASSET_KEYS as readonly string[]).includes(key) || !/^[A-Za-z0-9]{1,12}$/.test(symbol)) {
      throw new ConfigError(`Invalid environment:\n  ASSET_SYMBOLS: expected key=SYMBOL pairs with keys ${ASSET_KEYS.join(', ')}; got "${pair}"`);
    }
    assetSymbols[key as AssetKey] = symbol;
  }

  if (e.CLOCK_ADJUSTABLE && e.NODE_ENV === 'production') {
    throw new ConfigError('Invalid environment:\n  CLOCK_ADJUSTABLE: refused when NODE_ENV=production (business time must be real time)');
  }

  if (e.DEV_LOGIN && e.NODE_ENV === 'production') {
    throw new ConfigError('Invalid environment:\n  DEV_LOGIN: refused when NODE_ENV=production (it signs anyone in as a test user)');
  }

  if (e.WALLETCONNECT_RELAY_URL !== undefined && e.NODE_ENV === 'production') {
    throw new ConfigError(
      "Invalid environment:\n  WALLETCONNECT_RELAY_URL: refused when NODE_ENV=production (wallets only reach the dApp through WalletConnect's relay)",
    );
  }
  if (e.WALLETCONNECT_RELAY_URL !== undefined && e.WALLETCONNECT_PROJECT_ID === undefined) {
    throw new ConfigError('Invalid environment:\n  WALLETCONNECT_RELAY_URL: only valid together with WALLETCONNECT_PROJECT_ID');
  }

  if (hotWalletKey !== undefined && !e.BSC_RPC_URL) {
    throw new ConfigError('Invalid environment:\n  HOT_WALLET_KEY: only valid together with BSC_RPC_URL');
  }
  let chain: ChainConfig | null = null;
  if (e.BSC_RPC_URL) {
    const required = { DEPOSIT_ADDRESS: e.DEPOSIT_ADDRESS, USDT_CONTRACT: e.USDT_CONTRACT, COIN_CONTRACT: e.COIN_CONTRACT };
    const missing = Object.entries(required)
      .filter(([, value]) => !value)
      .map(([name]) => name);
    if (missing.length > 0) {
      throw new ConfigError(`Invalid environment:\n${missing.map((name) => `  ${name}: required when BSC_RPC_URL is set`).join('\n')}`);
    }
    const lower = (value: string | undefined) => value!.toLowerCase() as `0x${string}`;
    if (lower(e.USDT_CONTRACT) === lower(e.COIN_CONTRACT)) {
      throw new ConfigError('Invalid environment:\n  COIN_CONTRACT: must differ from USDT_CONTRACT');
    }
    chain = {
      rpcUrl: e.BSC_RPC_URL,
      depositAddress: lower(e.DEPOSIT_ADDRESS),
      tokenContracts: { usdt: lower(e.USDT_CONTRACT), coin: lower(e.COIN_CONTRACT) },
      hotWallet: hotWalletKey === undefined ? null : hotWalletOf(hotWalletKey),
    };
  }

  const origins = (e.PUBLIC_ORIGINS ?? `http://localhost:${e.PORT},http://127.0.0.1:${e.PORT}`)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const publicOrigins: string[] = [];
  for (const origin of origins) {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      throw new ConfigError(`Invalid environment:\n  PUBLIC_ORIGINS: not a URL: ${origin}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ConfigError(`Invalid environment:\n  PUBLIC_ORIGINS: must be http(s): ${origin}`);
    }
    publicOrigins.push(url.origin);
  }

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    realtimeChannel: e.REALTIME_CHANNEL,
    socketIdleMs: e.SOCKET_IDLE_SECONDS * 1000,
    socketsPerUser: e.SOCKETS_PER_USER,
    socketsPerAddress: e.SOCKETS_PER_IP,
    publicOrigins,
    loginLegacy: e.LOGIN_LEGACY,
    adminAddresses,
    serviceAddresses,
    tokenTtlMs: e.TOKEN_TTL_HOURS * 3_600_000,
    transferFeeRate: e.TRANSFER_FEE_RATE,
    recipientLookupsPerMinute: e.RECIPIENT_LOOKUPS_PER_MINUTE,
    gameBetsPerSecond: e.GAME_BETS_PER_SECOND,
    walletConnectProjectId: e.WALLETCONNECT_PROJECT_ID ?? null,
    walletConnectRelayUrl: e.WALLETCONNECT_RELAY_URL?.replace(/\/$/, '') ?? null,
    assetSymbols,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    signInPerMinute: e.SIGN_IN_PER_MINUTE,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    coinTotalIssuance: e.COIN_TOTAL_ISSUANCE,
    priceSampleMs: e.PRICE_SAMPLE_SECONDS * 1000,
    withdrawFees: { usdt: e.WITHDRAW_FEE_USDT, coin: e.WITHDRAW_FEE_COIN },
    chain,
    depositAddress: e.DEPOSIT_ADDRESS ? (e.DEPOSIT_ADDRESS.toLowerCase() as `0x${string}`) : null,
    explorerUrl: e.EXPLORER_URL.replace(/\/+$/, ''),
    depositConfirmations: e.DEPOSIT_CONFIRMATIONS,
    rechargeMinimums: { usdt: e.RECHARGE_MIN_USDT, coin: e.RECHARGE_MIN_COIN },
    depositPollMs: e.DEPOSIT_POLL_SECONDS * 1000,
    rusdPerUsdt: e.RUSD_PER_USDT,
    bnbPriceUsdt: e.BNB_PRICE_USDT,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    uploadPerMinute: e.UPLOAD_PER_MINUTE,
    ai: aiProviderOf(e.AI_BASE_URL, aiApiKey, e.AI_MODEL),
    aiTimeoutMs: e.AI_TIMEOUT_SECONDS * 1000,
    aiBuiltinPauseMs: e.AI_BUILTIN_PAUSE_MS,
    clockAdjustable: e.CLOCK_ADJUSTABLE,
    jobPollMs: e.JOB_POLL_MS,
    settlementPollMs: e.SETTLEMENT_POLL_SECONDS * 1000,
    reconciliationIntervalMs: e.RECONCILIATION_INTERVAL_SECONDS * 1000,
    communityPollMs: e.COMMUNITY_POLL_MS,
    shopOrderTimeoutMs: e.SHOP_ORDER_TIMEOUT_MINUTES * 60_000,
    shopAutoReceiveMs: e.SHOP_AUTO_RECEIVE_DAYS * 86_400_000,
    wechat: wechatOf(e.WECHAT_APP_ID, wechatSecret, e.WECHAT_API_BASE_URL, e.WECHAT_OAUTH_URL),
    metrics: metricsOf(metricsToken),
    payPassword: payPasswordOf(payPasswordPepper),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    sms: {
      provider: smsProviderOf(e.SMS_PROVIDER_URL, smsToken),
      logCodes: e.NODE_ENV !== 'production',
      perPhonePerDay: e.SMS_PER_PHONE_PER_DAY,
      perIpPerHour: e.SMS_PER_IP_PER_HOUR,
    },
    devLogin: e.DEV_LOGIN,
    version: { version: e.APP_VERSION, commit: e.BUILD_COMMIT, minClientBuild: e.MIN_CLIENT_BUILD },
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}
