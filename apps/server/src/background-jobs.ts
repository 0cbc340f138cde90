/**
 * The server's periodic work, on the job runner (decision 026): session housekeeping, price sampling, the card
 * sessions' open/close jobs and weekly schedules (decision 051), the mining and pledge settlements (decision 056), the reward engine (decision 065), the
 * reconciliation (decision 097) and,
 * with an RPC, the deposit and BNB-charge watcher. server.ts starts it after the app; with several processes
 * on one PostgreSQL each job still runs once per period, by whichever process claims it.
 */
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createJobRunner, type JobLog, type JobRunner } from './infra/jobs/job-runner.js';
import { pruneExpired } from './modules/auth/auth.service.js';
import { registerCardJobs } from './modules/cards/session-jobs.js';
import type { ChainClient } from './modules/chain/chain-client.js';
import { followSharedClock } from './modules/clock/clock.service.js';
import { watchDepositsAndCharges } from './modules/deposits/deposit-watcher.js';
import { samplePrices } from './modules/market/market.service.js';
import { settleMining } from './modules/mining/mining.service.js';
import { settlePledge } from './modules/pledge/pledge.service.js';
import { pruneSends as prunePhoneSends } from './modules/phone/phone.service.js';
import { runReconciliation } from './modules/reconciliation/reconciliation.service.js';
import { processCommunityEvents } from './modules/community/community.service.js';
import { runRewards, settleDividends } from './modules/rewards/rewards.service.js';
import { shopTimes, sweepOrders } from './modules/shop/shop.service.js';
import { takeSnapshot as takeLiabilitiesSnapshot } from './modules/liabilities/liabilities.service.js';

const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;
const SHOP_SWEEP_MS = 30_000;
const LIABILITIES_SNAPSHOT_MS = 24 * 60 * 60_000;

export interface BackgroundContext {
  db: Database;
  config: Config;
  /** Without an RPC there is nothing to watch: the recharge endpoints refuse with DEPOSITS_UNAVAILABLE. */
  chain: ChainClient | null;
  log: JobLog;
}

export async function startBackgroundJobs(ctx: BackgroundContext): Promise<JobRunner> {
  const { db, config, chain, log } = ctx;
  const runner = createJobRunner({ db, log, pollMs: config.jobPollMs, beforeTick: () => followSharedClock(db) });
  runner.every('auth.prune-expired', HOUSEKEEPING_INTERVAL_MS, () => pruneExpired(db));
  runner.every('phone.prune-sends', HOUSEKEEPING_INTERVAL_MS, () => prunePhoneSends(db));
  runner.every('market.sample-prices', config.priceSampleMs, () => samplePrices(db));
  registerCardJobs(runner, db);
  // Settlements (decision 056): each run produces/pays every period due by now, so a late run catches up.
  runner.every('mining.settle', config.settlementPollMs, async () => void (await settleMining(db)));
  runner.every('pledge.settle', config.settlementPollMs, async () => void (await settlePledge(db)));
  // Team figures and levels, then the rewards of the same events (decisions 064, 065): one job, in this order, so the
  // engine reads the levels the community consumer has just brought up to date.
  runner.every('community.rewards', config.communityPollMs, async () => {
    await processCommunityEvents(db);
    await runRewards(db);
  });
  // Each closed day's weighted dividend, once the engine has passed it (decision 065).
  runner.every('rewards.dividend', config.settlementPollMs, async () => void (await settleDividends(db)));
  // Points shop (decision 073): unpaid orders past their time-out give their stock back; shipped ones past the
  // waiting days are received. Every half minute: a time-out is minutes long.
  runner.every('shop.sweep', SHOP_SWEEP_MS, async () => void (await sweepOrders(db, shopTimes(config))));
  // Proof of liabilities (decision 098): a new sum tree over every user's balances each day.
  runner.every('liabilities.snapshot', LIABILITIES_SNAPSHOT_MS, async () => void (await takeLiabilitiesSnapshot(db, 'daily', null)));
  // The books checked against themselves, escrow and the chain (decision 097); quiet unless something differs.
  const reconciliation = { db, chain, chainConfig: config.chain };
  runner.every('reconciliation.run', config.reconciliationIntervalMs, async () => void (await runReconciliation(reconciliation, null)));
  if (chain) runner.every('deposits.watch', config.depositPollMs, () => watchDepositsAndCharges({ db, config, chain, log }));
  await runner.start();
  return runner;
}
