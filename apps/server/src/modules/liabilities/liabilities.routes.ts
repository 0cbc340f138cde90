import type { FastifyInstance } from 'fastify';
import { liabilitiesApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import * as liabilities from './liabilities.service.js';

export async function liabilitiesRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, liabilitiesApi.liabilities, () => liabilities.overview(app.db));
  registerEndpoint(app, liabilitiesApi.myLiabilitiesProof, ({ user }) => liabilities.proofOf(app.db, user.id));
  registerEndpoint(app, liabilitiesApi.myLiabilitiesProofIn, ({ user, params }) => liabilities.proofOf(app.db, user.id, params.id));
  // The snapshot and its audit row (naming the root) commit together; the tree is built in memory, no row is locked.
  registerEndpoint(app, liabilitiesApi.adminTakeSnapshot, ({ db, user }) => liabilities.takeSnapshot(db, 'operator', user.id));
}
