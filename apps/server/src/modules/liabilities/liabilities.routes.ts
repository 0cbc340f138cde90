import type { FastifyInstance } from 'fastify';
import { liabilitiesApi } from '@reef/contract';
import { AnswerAfterCommit } from '../audit/audited-write.js';
import { registerEndpoint } from '../../plugins/endpoint.js';
import * as liabilities from './liabilities.service.js';

export async function liabilitiesRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, liabilitiesApi.liabilities, () => liabilities.overview(app.db));
  registerEndpoint(app, liabilitiesApi.myLiabilitiesProof, ({ user }) => liabilities.proofOf(app.db, user.id));
  registerEndpoint(app, liabilitiesApi.myLiabilitiesProofIn, ({ user, params }) => liabilities.proofOf(app.db, user.id, params.id));
  // The tree over every user takes seconds: it is built after the audited request commits, never inside its transaction.
  registerEndpoint(app, liabilitiesApi.adminTakeSnapshot, async ({ user, audit }) => {
    audit.after = { trigger: 'operator' };
    return new AnswerAfterCommit(() => liabilities.takeSnapshot(app.db, 'operator', user.id));
  });
}
