/**
 * The parts of the configuration that are more than one variable or hold a secret: each parser checks its
 * variables together and keeps secrets out of every message (the schema's messages quote what they refuse).
 */
import { isIP } from 'node:net';
import { privateKeyToAccount } from 'viem/accounts';
import { type DepositAsset } from '@reef/contract';

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
export function payPasswordOf(value: string | undefined): PayPasswordConfig {
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

export function metricsOf(token: string | undefined): MetricsConfig | null {
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

export function smsProviderOf(url: string | undefined, token: string | undefined): SmsProviderConfig | null {
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
export function wechatOf(appId: string | undefined, appSecret: string | undefined, apiBaseUrl: string, oauthUrl: string): WechatConfig | null {
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
export function hotWalletOf(key: string): HotWalletConfig {
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
export function aiProviderOf(baseUrl: string | undefined, apiKey: string | undefined, model: string | undefined): AiProviderConfig | null {
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

export interface UploadS3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  prefix: string;
  /** Non-enumerable, so logging or serialising the configuration does not print it. */
  readonly secretAccessKey: string;
}

/** The uploads bucket (decision 124): all of UPLOAD_S3_BUCKET, _ENDPOINT, _ACCESS_KEY_ID and the secret, or none. */
export function uploadS3Of(
  given: { bucket?: string; endpoint?: string; region: string; accessKeyId?: string; prefix: string },
  secretAccessKey: string | undefined,
): UploadS3Config | null {
  const parts = {
    UPLOAD_S3_BUCKET: given.bucket,
    UPLOAD_S3_ENDPOINT: given.endpoint,
    UPLOAD_S3_ACCESS_KEY_ID: given.accessKeyId,
    UPLOAD_S3_SECRET_ACCESS_KEY: secretAccessKey,
  };
  const missing = Object.entries(parts)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  if (missing.length === 4) return null;
  if (missing.length > 0) {
    throw new ConfigError(`Invalid environment:\n${missing.map((name) => `  ${name}: required when any UPLOAD_S3_ setting is given`).join('\n')}`);
  }
  if (!/^[\x21-\x7e]{1,256}$/.test(secretAccessKey!)) {
    throw new ConfigError('Invalid environment:\n  UPLOAD_S3_SECRET_ACCESS_KEY: 1 to 256 printable characters without spaces (value not shown)');
  }
  const s3 = {
    endpoint: given.endpoint!.replace(/\/+$/, ''),
    bucket: given.bucket!,
    region: given.region,
    accessKeyId: given.accessKeyId!,
    prefix: given.prefix,
  } as UploadS3Config;
  Object.defineProperty(s3, 'secretAccessKey', { value: secretAccessKey, enumerable: false, writable: false });
  return s3;
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
