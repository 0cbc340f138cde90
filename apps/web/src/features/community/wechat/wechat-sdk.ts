/**
 * WeChat's JS-SDK (`jweixin`, decision 120), loaded only inside WeChat's own browser: there the share menu shows the
 * page's title alone unless the page hands WeChat the share content through `wx.config` (signed by our server,
 * GET /api/wechat/config) and the share calls. Everything WeChat-specific sits here; the script is WeChat's, outside
 * the system, so this file is the boundary a browser test replaces with its own `wx`.
 */
import type { ShareContent } from '@reef/contract';

/** The SDK's fixed address (WeChat publishes no other); the server's CSP allows its origin to WeChat's browser only. */
export const WECHAT_SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

/** The share calls the server signs for (WECHAT_JS_API_LIST); the new pair and the old menus for older clients. */
interface ShareData {
  title: string;
  desc?: string;
  link: string;
  imgUrl: string;
}

export interface WechatSdk {
  config(options: { debug: boolean; appId: string; timestamp: number; nonceStr: string; signature: string; jsApiList: string[] }): void;
  ready(callback: () => void): void;
  error(callback: (reason: unknown) => void): void;
  updateAppMessageShareData(data: ShareData): void;
  updateTimelineShareData(data: ShareData): void;
}

declare global {
  interface Window {
    wx?: WechatSdk;
  }
}

let loading: Promise<WechatSdk> | null = null;

/** Adds WeChat's script once; every caller shares the one load. A failed load may be tried again later. */
export function loadWechatSdk(): Promise<WechatSdk> {
  loading ??= new Promise<WechatSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = WECHAT_SDK_URL;
    script.async = true;
    script.onload = () => (window.wx ? resolve(window.wx) : reject(new Error('jweixin loaded without wx')));
    script.onerror = () => reject(new Error('jweixin did not load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The page address WeChat checks the signature against: everything before `#` (WeChat's rule). */
export function signedPageUrl(href: string): string {
  return href.split('#')[0]!;
}

/**
 * What the share menu sends: the operator's title and synopsis, their picture (absolute, as WeChat fetches it itself)
 * or the app's icon, and the link — the sharer's invite link when signed in, so the friend who opens it is bound to them.
 */
export function shareData(content: Pick<ShareContent, 'title' | 'synopsis'>, image: string | null, link: string, origin: string): ShareData {
  const imgUrl = new URL(image ?? '/index/icons/icon-512.png', origin).href;
  return { title: content.title, desc: content.synopsis, link, imgUrl };
}
