import type { FastifyInstance } from 'fastify';
import { shareApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import * as share from './share.service.js';

export async function shareRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, shareApi.getShare, ({ request }) => share.shareFor(app.db, request.language));
  registerEndpoint(app, shareApi.adminListShare, () => share.listForOperators(app.db));
  registerEndpoint(app, shareApi.adminSetShare, ({ db, user, params, body }) => share.setContent(db, user.id, params.language, body));
  registerEndpoint(app, shareApi.adminClearShare, ({ db, user, params }) => share.clearContent(db, user.id, params.language));
}
