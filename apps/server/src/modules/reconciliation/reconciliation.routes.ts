/**
 * The reconciliation's admin routes and its /metrics gauges (decision 097). The gauges read the latest stored run
 * at each scrape, so every process of a deployment reports the same run, whichever process ran it.
 */
import type { FastifyInstance } from 'fastify';
import { RECONCILIATION_CHECKS, reconciliationApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { AnswerAfterCommit } from '../audit/audited-write.js';
import * as reconciliation from './reconciliation.service.js';

export async function reconciliationRoutes(app: FastifyInstance): Promise<void> {
  const ctx = { db: app.db, chain: app.chain, chainConfig: app.config.chain };
  registerEndpoint(app, reconciliationApi.adminReconciliation, ({ query }) => reconciliation.reconciliationStatus(app.db, query.page, query.limit));
  // The request is audited in its own transaction; the run reads the chain, so it starts only once that committed and
  // takes its own snapshot and row (decision 093: nothing slow inside an audited transaction).
  registerEndpoint(app, reconciliationApi.adminRunReconciliation, async ({ user, audit }) => {
    audit.after = { requested_by: user.id };
    return new AnswerAfterCommit(() => reconciliation.runReconciliation(ctx, user.id));
  });

  const latest = async () => (await reconciliation.latestChecks(app.db)).run;
  app.metrics.gauge(
    'reef_reconciliation_ok',
    'Latest reconciliation run, per check: 1 passed, 0 failed or could not finish; absent when not configured.',
    async () => {
      const run = await latest();
      return (run?.checks ?? []).filter((c) => c.status !== 'not_configured').map((c) => ({ labels: { check: c.name }, value: c.status === 'ok' ? 1 : 0 }));
    },
  );
  app.metrics.gauge(
    'reef_reconciliation_not_configured',
    'Latest reconciliation run, per check: 1 when it had nothing to read (no RPC configured).',
    async () => {
      const run = await latest();
      return RECONCILIATION_CHECKS.map((name) => ({
        labels: { check: name },
        value: run?.checks.some((c) => c.name === name && c.status === 'not_configured') ? 1 : 0,
      }));
    },
  );
  app.metrics.gauge('reef_reconciliation_mismatches', 'Latest reconciliation run, per check: how many figures differ.', async () => {
    const run = await latest();
    return (run?.checks ?? []).map((c) => ({ labels: { check: c.name }, value: c.mismatch_count }));
  });
  app.metrics.gauge('reef_reconciliation_last_run_seconds', 'When the latest reconciliation run finished (Unix time); absent before the first.', async () => {
    const run = await latest();
    return run ? [{ value: Date.parse(run.finished_at) / 1000 }] : [];
  });
}
