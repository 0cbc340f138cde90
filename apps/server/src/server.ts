import { loadConfig, ConfigError } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { buildApp } from './app.js';
import { serveBackups } from './db/backup.js';
import { startBackgroundJobs } from './background-jobs.js';
import { BSC_CHAIN_ID, reportedChainId } from './modules/chain/chain-client.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, onIdleError: (error) => console.error('database connection lost:', error.message) }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  const app = await buildApp({ config, db: database.db });
  if (app.chain) {
    const chainId = await reportedChainId(app.chain);
    if (chainId === null) app.log.warn('BSC_RPC_URL does not answer yet: deposits wait until it does');
    else if (chainId !== BSC_CHAIN_ID) {
      await app.close();
      await database.close();
      throw new ConfigError(`Invalid environment:\n  BSC_RPC_URL: the node is on chain ${chainId}, not BNB Smart Chain (${BSC_CHAIN_ID})`);
    }
  }
  // The address only: the key is never logged.
  if (app.hotWallet) app.log.info({ address: app.hotWallet.address }, 'withdrawal payouts are sent from the hot wallet');

  const jobs = await startBackgroundJobs({ db: database.db, config, chain: app.chain, log: app.log });
  // `npm run backup` asks this process for a consistent copy while it runs (decision 081).
  const backups = database.dump ? await serveBackups({ dataDir: config.dataDir, dump: database.dump }) : null;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, deadlineMs: config.shutdownTimeoutMs }, 'shutting down');
    // Whatever still runs at the deadline is cut: a transfer's transaction commits whole or not at all, and a job's
    // lease runs out so another process (or the next start) runs it again (decision 080).
    const deadline = setTimeout(() => {
      app.log.error({ signal, deadlineMs: config.shutdownTimeoutMs }, 'shutdown deadline passed: exiting with work unfinished');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    try {
      // New requests get 503 at once; the sockets close with 1001, the AI answers stop and are saved, the requests in
      // flight and the job in progress finish; then the listener and the database close.
      await Promise.all([jobs.stop(), app.close(), backups?.close()]);
    } finally {
      await database.close();
      app.log.info({ signal }, 'stopped');
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Says whether chat frames reach users on other processes: without Redis each process is an island.
  app.log.info(
    `Reef on ${database.kind}: app at /index/, API under /api, chat socket at /ws (${app.realtime.mode === 'redis' ? 'fan-out through Redis' : 'this process only'})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
