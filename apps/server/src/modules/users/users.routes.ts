import type { FastifyInstance } from 'fastify';
import { usersApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import * as users from './users.service.js';

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, usersApi.getUserInfo, ({ user }) => users.userInfo(app.db, user, app.config.assetSymbols));

  // POST /api/binding and the spec's two other names for it (§7): one rule set, one answer.
  for (const endpoint of [usersApi.bindReferrer, usersApi.spreadReferrer, usersApi.addParent]) {
    registerEndpoint(app, endpoint, async ({ user, body }) => ({
      invite_address: await users.bindReferrer(app.db, user.id, body.uid !== undefined ? { uid: body.uid } : { address: body.address! }),
    }));
  }

  registerEndpoint(app, usersApi.setUserInfo, ({ user, body }) => users.setProfile(app.db, user.id, body));
}
