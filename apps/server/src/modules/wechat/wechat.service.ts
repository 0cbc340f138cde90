/**
 * The WeChat JS-SDK configuration and the web-authorisation address (spec §7 "Sharing calls"; decision 066).
 * Without a configured official account both refuse with WECHAT_NOT_SUPPORTED ('Not Supported'); a WeChat
 * failure is WECHAT_UNAVAILABLE (the details go to the log, not to the page).
 */
import { createHash, randomBytes } from 'node:crypto';
import { wechatApi } from '@reef/contract';
import * as clock from '../../core/clock.js';
import { DomainError } from '../../core/errors.js';
import { WechatApiError, type WechatClient } from './wechat-client.js';

/** WeChat's signature: SHA-1 (hex) over the four fields in this order, as its JS-SDK documentation writes them. */
export function jsSdkSignature(fields: { ticket: string; nonceStr: string; timestamp: number; url: string }): string {
  const text = `jsapi_ticket=${fields.ticket}&noncestr=${fields.nonceStr}&timestamp=${fields.timestamp}&url=${fields.url}`;
  return createHash('sha1').update(text).digest('hex');
}

/**
 * The address WeChat signs: the page's URL up to `#` (WeChat's rule: the fragment is not sent), byte for byte as the
 * page has it (re-encoding it would change the signature), and only a page of this deployment.
 */
export function signedPageUrl(raw: string, publicOrigins: readonly string[]): string {
  const url = raw.split('#', 1)[0]!;
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    throw new DomainError('PARAMETER_ERROR');
  }
  if (!publicOrigins.includes(origin)) throw new DomainError('PARAMETER_ERROR');
  return url;
}

function supported(client: WechatClient | null): WechatClient {
  if (!client) throw new DomainError('WECHAT_NOT_SUPPORTED');
  return client;
}

export async function jsSdkConfig(client: WechatClient | null, publicOrigins: readonly string[], rawUrl: string, nowMs = clock.nowMs()) {
  const wechat = supported(client);
  const url = signedPageUrl(rawUrl, publicOrigins);
  let ticket: string;
  try {
    ticket = await wechat.jsapiTicket();
  } catch (error) {
    if (error instanceof WechatApiError) throw new DomainError('WECHAT_UNAVAILABLE');
    throw error;
  }
  const nonceStr = randomBytes(12).toString('base64url');
  const timestamp = Math.floor(nowMs / 1000);
  return {
    appId: wechat.appId,
    timestamp,
    nonceStr,
    signature: jsSdkSignature({ ticket, nonceStr, timestamp, url }),
    jsApiList: [...wechatApi.WECHAT_JS_API_LIST],
  };
}

/**
 * The official account's authorize URL for `redirect` (a page of this deployment). WeChat sends the browser back
 * there with `code` and `state`; Reef signs in with wallets, so nothing exchanges the code yet (decision 066).
 */
export function authorizeUrl(
  client: WechatClient | null,
  oauthUrl: string,
  publicOrigins: readonly string[],
  redirect: string,
  scope: (typeof wechatApi.WECHAT_SCOPES)[number],
) {
  const wechat = supported(client);
  const target = signedPageUrl(redirect, publicOrigins) + (redirect.includes('#') ? redirect.slice(redirect.indexOf('#')) : '');
  const query = new URLSearchParams({ appid: wechat.appId, redirect_uri: target, response_type: 'code', scope, state: 'reef' });
  // WeChat requires its parameters in this order and the `#wechat_redirect` suffix.
  return { appId: wechat.appId, url: `${oauthUrl}?${query}#wechat_redirect`, scope };
}
