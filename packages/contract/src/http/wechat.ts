/**
 * WeChat (spec §7 "Sharing calls": GET /api/wechat/config, GET /api/wechat/auth; decision 066). Both answer only
 * when the deployment configured a WeChat official account (WECHAT_APP_ID and WECHAT_APP_SECRET); otherwise they
 * refuse with WECHAT_NOT_SUPPORTED ('Not Supported').
 */
import * as z from 'zod/mini';
import { endpoint } from '../common.js';

export const WECHAT_URL_MAX = 1000;

/** The JS-SDK calls a page may use: the share menus (new and old names). */
export const WECHAT_JS_API_LIST = ['updateAppMessageShareData', 'updateTimelineShareData', 'onMenuShareAppMessage', 'onMenuShareTimeline'] as const;

/**
 * An http(s) address of one of this deployment's pages; the server checks the origin against PUBLIC_ORIGINS.
 * The part after `#` is not signed (WeChat's rule), so the server drops it.
 */
const pageUrl = z.string().check(z.minLength(1), z.maxLength(WECHAT_URL_MAX), z.regex(/^https?:\/\/[^\s]+$/));

/** What `wx.config` takes (apart from `debug`): the signature is SHA-1 over jsapi_ticket, noncestr, timestamp and url. */
export const getWechatConfig = endpoint('GET /api/wechat/config', 'none', {
  query: z.object({ url: pageUrl }),
  response: z.object({
    appId: z.string(),
    /** Seconds since the epoch, as WeChat signs it. */
    timestamp: z.int(),
    nonceStr: z.string(),
    signature: z.string().check(z.regex(/^[0-9a-f]{40}$/)),
    jsApiList: z.array(z.string()),
  }),
});

export const WECHAT_SCOPES = ['snsapi_base', 'snsapi_userinfo'] as const;

/**
 * Where to send the browser to let WeChat identify the visitor (web-page authorisation): the official account's
 * authorize URL for `redirect` (a page of this deployment) and `scope`. Reef does not exchange the returned code:
 * there is no WeChat sign-in, sign-in is by wallet (decision 066).
 */
export const getWechatAuth = endpoint('GET /api/wechat/auth', 'none', {
  query: z.object({ redirect: pageUrl, scope: z._default(z.enum(WECHAT_SCOPES), 'snsapi_base') }),
  response: z.object({ appId: z.string(), url: z.string(), scope: z.enum(WECHAT_SCOPES) }),
});
