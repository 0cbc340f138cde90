import type { FastifyInstance } from 'fastify';
import { wechatApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { MemoryCredentialStore, RedisCredentialStore } from './credential-store.js';
import { WechatClient } from './wechat-client.js';
import * as wechat from './wechat.service.js';

export async function wechatRoutes(app: FastifyInstance): Promise<void> {
  const { wechat: account, redisUrl, realtimeChannel, publicOrigins } = app.config;
  let client: WechatClient | null = null;
  if (account) {
    const store = redisUrl ? await RedisCredentialStore.connect(redisUrl, `${realtimeChannel}:wechat:${account.appId}:`) : new MemoryCredentialStore();
    app.addHook('onClose', async () => store.close());
    client = new WechatClient({
      config: account,
      store,
      onError: (error) => app.log.warn({ wechat: error.endpoint, errcode: error.errcode }, 'WeChat call failed'),
    });
  }
  registerEndpoint(app, wechatApi.getWechatConfig, async ({ query }) => wechat.jsSdkConfig(client, publicOrigins, query.url));
  registerEndpoint(app, wechatApi.getWechatAuth, async ({ query }) =>
    wechat.authorizeUrl(client, account?.oauthUrl ?? '', publicOrigins, query.redirect, query.scope),
  );
}
