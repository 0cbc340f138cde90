/**
 * The application as one Fastify plugin tree, loaded in a fixed order: infrastructure (errors, auth,
 * rate limit), then the business routes under /api, then the web app. Tests build it with their own
 * database and use `inject`; server.ts adds the listener and shutdown.
 */
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { chatSocket } from '@reef/contract';
import { configureClock } from './core/clock.js';
import { currentRequestId, requestIdFrom, withRequestId } from './core/request-context.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin, frameworkErrors, logSerializers } from './plugins/errors.js';
import { compressionPlugin } from './plugins/compression.js';
import { operationsPlugin } from './plugins/operations.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { websocketPlugin } from './plugins/websocket.js';
import { webPlugin } from './plugins/web.js';
import { aiRoutes } from './modules/ai/ai.routes.js';
import { airdropsRoutes } from './modules/airdrops/airdrops.routes.js';
import { cardsRoutes } from './modules/cards/cards.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { operatorsRoutes } from './modules/operators/operators.routes.js';
import { approvalsRoutes } from './modules/policy/approvals.routes.js';
import { chargeRoutes } from './modules/charge/charge.routes.js';
import { clockRoutes } from './modules/clock/clock.routes.js';
import { followSharedClock } from './modules/clock/clock.service.js';
import { chatRoutes } from './modules/chat/chat.routes.js';
import { createChainClient, type ChainClient } from './modules/chain/chain-client.js';
import { createHotWallet, type HotWallet } from './modules/chain/hot-wallet.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { depositsRoutes } from './modules/deposits/deposits.routes.js';
import { transferRoutes } from './modules/transfer/transfer.routes.js';
import { incomesRoutes } from './modules/incomes/incomes.routes.js';
import { ledgerRoutes } from './modules/ledger/ledger.routes.js';
import { reconciliationRoutes } from './modules/reconciliation/reconciliation.routes.js';
import { marketRoutes } from './modules/market/market.routes.js';
import { miningRoutes } from './modules/mining/mining.routes.js';
import { rewardsRoutes } from './modules/rewards/rewards.routes.js';
import { pledgeRoutes } from './modules/pledge/pledge.routes.js';
import { communityRoutes } from './modules/community/community.routes.js';
import { shareRoutes } from './modules/share/share.routes.js';
import { shopRoutes } from './modules/shop/shop.routes.js';
import { gamesRoutes } from './modules/games/games.routes.js';
import { wechatRoutes } from './modules/wechat/wechat.routes.js';
import { phoneRoutes } from './modules/phone/phone.routes.js';
import { liabilitiesRoutes } from './modules/liabilities/liabilities.routes.js';
import { startRealtime, type Realtime } from './infra/realtime/realtime.js';
import { chatSocketRoutes } from './modules/chat/chat-socket.routes.js';
import { securityRoutes } from './modules/security/security.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { docsRoutes } from './modules/docs/docs.routes.js';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes.js';
import { tradingRoutes } from './modules/cards/trading.routes.js';
import { createLogDestination } from './infra/log-destination.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
    /** BNB Smart Chain reader for deposits; null when no BSC_RPC_URL is configured. */
    chain: ChainClient | null;
    /** Pays approved withdrawals; null when no HOT_WALLET_KEY is configured. */
    hotWallet: HotWallet | null;
    /** Chat sockets of this process and the hub services publish frames through (Redis-backed with REDIS_URL). */
    realtime: Realtime;
  }
}

export interface BuildOptions {
  config: Config;
  db: Database;
  /** Extra routes registered after the app's own (the benchmark's reference routes). */
  extend?: (app: FastifyInstance) => Promise<void> | void;
  /** Where log lines go instead of stdout (tests read what the logger wrote). */
  logStream?: NodeJS.WritableStream;
}

/**
 * Adds the current request id (core/request-context.ts) to log lines written outside a request's own logger: a job
 * the request enqueued, the frames it publishes. A request's logger already carries it as a binding (decision 081).
 */
function requestIdMixin(_object: object, _level: number, logger: object): object {
  const id = currentRequestId();
  if (id === undefined) return {};
  const bindings = (logger as { bindings?: () => Record<string, unknown> }).bindings?.();
  return bindings && 'requestId' in bindings ? {} : { requestId: id };
}

/** A hop count as proxy-addr's trust function (Fastify's types take the function, not the number). */
function hopsOf(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp({ config, db, extend, logStream }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, serializers: logSerializers, stream: logStream ?? createLogDestination(), mixin: requestIdMixin },
    // Off unless TRUST_PROXY names the proxies in front (decision 036): X-Forwarded-For is the client's to write.
    trustProxy: typeof config.trustProxy === 'number' ? hopsOf(config.trustProxy) : config.trustProxy,
    bodyLimit: 64 * 1024,
    frameworkErrors,
    // While closing, requests get the envelope's 503 from the errors plugin instead of Fastify's plain one.
    return503OnClosing: false,
    // Every log line of a request carries `requestId`: the caller's X-Request-Id when it is a plain short token
    // (a proxy's), else a fresh one; it is answered in X-Request-Id and follows the request into its jobs and
    // socket frames (decision 081).
    genReqId: (request) => requestIdFrom(request.headers['x-request-id']),
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // After the body is read (stream events would lose the context), so the handler and all it awaits see the id.
  app.addHook('preHandler', (request, _reply, done) => withRequestId(request.id, done));
  configureClock({ adjustable: config.clockAdjustable });
  await followSharedClock(db);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('chain', config.chain ? createChainClient(config.chain.rpcUrl) : null);
  app.decorate('hotWallet', config.chain?.hotWallet ? createHotWallet(config.chain.rpcUrl, config.chain.hotWallet.privateKey) : null);

  await app.register(errorsPlugin);
  // Before every route: its hooks count and time them all (decision 079).
  await app.register(operationsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(compressionPlugin);
  await app.register(authPlugin);
  await app.register(rateLimitPlugin);
  app.decorate(
    'realtime',
    await startRealtime({
      redisUrl: config.redisUrl,
      channel: config.realtimeChannel,
      floodPerSecond: chatSocket.CHAT_FLOOD_PER_SECOND,
      socketsPerAddress: config.socketsPerAddress,
      log: app.log,
    }),
  );
  // onClose runs after the websocket plugin's preClose has closed every socket with 1001.
  app.addHook('onClose', async () => app.realtime.close());
  await app.register(websocketPlugin);

  await app.register(authRoutes);
  await app.register(operatorsRoutes);
  await app.register(approvalsRoutes);
  await app.register(auditRoutes);
  await app.register(usersRoutes);
  await app.register(ledgerRoutes);
  await app.register(transferRoutes);
  await app.register(marketRoutes);
  await app.register(systemRoutes);
  await app.register(securityRoutes);
  await app.register(withdrawalsRoutes);
  await app.register(depositsRoutes);
  await app.register(chargeRoutes);
  await app.register(airdropsRoutes);
  await app.register(cardsRoutes);
  await app.register(miningRoutes);
  await app.register(pledgeRoutes);
  await app.register(communityRoutes);
  await app.register(incomesRoutes);
  await app.register(rewardsRoutes);
  await app.register(chatRoutes);
  await app.register(chatSocketRoutes);
  await app.register(uploadsRoutes);
  await app.register(contentRoutes);
  await app.register(aiRoutes);
  await app.register(clockRoutes);
  await app.register(tradingRoutes);
  await app.register(shareRoutes);
  await app.register(shopRoutes);
  await app.register(gamesRoutes);
  await app.register(wechatRoutes);
  await app.register(docsRoutes);
  await app.register(phoneRoutes);
  await app.register(liabilitiesRoutes);
  await app.register(reconciliationRoutes);
  await app.register(webPlugin);
  if (extend) await app.register(async (scope) => extend(scope));
  return app;
}
