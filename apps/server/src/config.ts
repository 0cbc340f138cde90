/**
 * The one place the server reads its environment. Every variable is validated at start;
 * a bad value stops the process with a message naming the variable (README lists them all).
 */
import path from 'node:path';
import { ASSET_KEYS, DEFAULT_ASSET_SYMBOLS, type AssetKey, type DepositAsset, type WithdrawalAsset } from '@reef/contract';

import { envSchema } from './config/env-schema.js';
import {
  aiProviderOf,
  ConfigError,
  hotWalletOf,
  metricsOf,
  payPasswordOf,
  smsProviderOf,
  trustProxyOf,
  uploadS3Of,
  wechatOf,
  type AiProviderConfig,
  type ChainConfig,
  type MetricsConfig,
  type PayPasswordConfig,
  type SmsConfig,
  type UploadS3Config,
  type WechatConfig,
} from './config/sections.js';

export * from './config/sections.js';

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
  /** Uploads in an S3-compatible bucket (decision 124); null: in `${dataDir}/uploads`. */
  uploadS3: UploadS3Config | null;
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

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
/** The variables that hold a secret, in the order loadConfig takes them out. */
const SECRET_VARIABLES = [
  'HOT_WALLET_KEY',
  'AI_API_KEY',
  'WECHAT_APP_SECRET',
  'METRICS_TOKEN',
  'SMS_PROVIDER_TOKEN',
  'PAY_PASSWORD_PEPPER',
  'UPLOAD_S3_SECRET_ACCESS_KEY',
] as const;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  // Secrets: taken out before the schema, whose messages quote the value they refuse, and checked apart.
  const [hotWalletKey, aiApiKey, wechatSecret, metricsToken, smsToken, payPasswordPepper, uploadS3Secret] = SECRET_VARIABLES.map((name) => {
    const value = cleaned[name];
    delete cleaned[name];
    return value;
  });
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
    uploadS3: uploadS3Of(
      {
        bucket: e.UPLOAD_S3_BUCKET,
        endpoint: e.UPLOAD_S3_ENDPOINT,
        region: e.UPLOAD_S3_REGION,
        accessKeyId: e.UPLOAD_S3_ACCESS_KEY_ID,
        prefix: e.UPLOAD_S3_PREFIX,
      },
      uploadS3Secret,
    ),
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
