import { useEffect } from 'react';
import { wechatApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { imageAddress } from '../../../lib/image-address';
import { useShareContent } from '../api/get-share';
import { inviteLink } from '../model/invite-link';
import { loadWechatSdk, shareData, signedPageUrl, type WechatSdk } from './wechat-sdk';

let configuring: Promise<WechatSdk> | null = null;

/**
 * The SDK configured for this page, once: the hash router never changes the part of the address WeChat signs, so one
 * signature serves every route. A deployment without a WeChat account answers WECHAT_NOT_SUPPORTED and the menu keeps
 * WeChat's default; nothing is shown to the user either way (the share menu is WeChat's, not ours).
 */
function configuredSdk(): Promise<WechatSdk> {
  configuring ??= (async () => {
    const wx = await loadWechatSdk();
    const signed = await callApi(wechatApi.getWechatConfig, { query: { url: signedPageUrl(window.location.href) }, quiet: true });
    return new Promise<WechatSdk>((resolve, reject) => {
      wx.ready(() => resolve(wx));
      wx.error(reject);
      wx.config({ debug: false, ...signed });
    });
  })().catch((error: unknown) => {
    configuring = null;
    throw error;
  });
  return configuring;
}

/**
 * Inside WeChat (decision 120): hands WeChat's share menus the operator's share content in the page's language and the
 * sharer's invite link (Home's address for a visitor), again whenever either changes. Draws nothing.
 */
export function WechatShare({ uid }: { uid: number | null }) {
  const content = useShareContent().data;
  useEffect(() => {
    if (!content) return;
    let current = true;
    const here = window.location;
    const link = uid === null ? `${here.origin}${here.pathname}#/` : inviteLink(here, uid);
    configuredSdk()
      .then((wx) => {
        if (!current) return;
        const data = shareData(content, imageAddress(content.img), link, here.origin);
        wx.updateAppMessageShareData(data);
        wx.updateTimelineShareData(data);
      })
      // WeChat's own failure (a refused signature, no network to its host): its default menu stays, as without us.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [content, uid]);
  return null;
}
