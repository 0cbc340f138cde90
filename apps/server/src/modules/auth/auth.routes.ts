import type { FastifyInstance } from 'fastify';
import { authApi, consoleApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import * as auth from './auth.service.js';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, authApi.loginNonce, () => auth.issueNonce(app.db));
  registerEndpoint(app, authApi.login, ({ body }) => auth.login(app.db, app.config, body));
  registerEndpoint(app, authApi.logout, async ({ user }) => {
    await auth.logout(app.db, user, app.sessions);
    // After the revocation is committed: the session's sockets close now, on every node (decision 037).
    app.realtime.endSession(user.id, user.tokenHash);
    return null;
  });

  // Sessions are the auth module's: an operator ends a user's sessions here (decision 084).
  registerEndpoint(app, consoleApi.adminRevokeSessions, async ({ db, params, audit, afterCommit }) => {
    const ended = await auth.revokeUserSessions(db, params.id);
    // Caches and sockets let go only once the revocation committed: before it, a reload would find the sessions live.
    afterCommit(async () => {
      await auth.forgetSessions(ended, app.sessions);
      for (const tokenHash of ended) app.realtime.endSession(params.id, tokenHash);
    });
    audit.after = { uid: params.id, revoked: ended.length };
    return { uid: params.id, revoked: ended.length };
  });
  registerEndpoint(app, consoleApi.adminUserSessions, ({ params }) => auth.sessionsForOperators(app.db, params.id));
  // Developer helpers (decision 077): absent unless DEV_LOGIN=true, which config.ts refuses in production.
  if (app.config.devLogin) {
    registerEndpoint(app, authApi.devLogin, ({ body }) =>
      auth.devLogin(app.db, app.config, body.uid !== undefined ? { uid: body.uid } : { account: body.account! }),
    );
    registerEndpoint(app, authApi.devKey, () => auth.devKey(app.db, app.config));
  }
}
