import type { FastifyInstance } from 'fastify';
import { ledgerApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { billsOf } from './ledger.service.js';

export async function ledgerRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, ledgerApi.listBills, async ({ user, params, query }) => {
    const asset = params.type === 'all' ? null : params.type;
    const { list, total } = await billsOf(app.db, user.id, asset, query.page, query.limit);
    return { list, total, page: query.page, limit: query.limit };
  });
}
