import type { FastifyInstance } from 'fastify';
import { liabilitiesApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import * as liabilities from './liabilities.service.js';

export async function liabilitiesRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, liabilitiesApi.liabilities, () => liabilities.overview(app.db));
  registerEndpoint(app, liabilitiesApi.myLiabilitiesProof, ({ user }) => liabilities.proofOf(app.db, user.id));
  registerEndpoint(app, liabilitiesApi.myLiabilitiesProofIn, ({ user, params }) => liabilities.proofOf(app.db, user.id, params.id));
  registerEndpoint(app, liabilitiesApi.adminTakeSnapshot, ({ user }) => liabilities.takeSnapshot(app.db, 'operator', user.id));
}
