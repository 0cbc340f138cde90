import type { FastifyInstance } from 'fastify';
import { communityApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import * as community from './community.service.js';

export async function communityRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, communityApi.myCommunity, ({ user }) => community.myCommunity(app.db, user.id));
  registerEndpoint(app, communityApi.childrenList, ({ user, query }) => community.directMembers(app.db, user.id, query.page, query.limit));
  registerEndpoint(app, communityApi.spreadList, ({ user, query }) => community.directMembers(app.db, user.id, query.page, query.limit));
  registerEndpoint(app, communityApi.subSpreadList, ({ user, query }) => community.indirectMembers(app.db, user.id, query));
  registerEndpoint(app, communityApi.setRemark, ({ user, params, body }) => community.setRemark(app.db, user.id, params.id, body.remark));
  registerEndpoint(app, communityApi.getContact, ({ user }) => community.contact(app.db, user.id));
  registerEndpoint(app, communityApi.setContact, ({ user, body }) => community.setContact(app.db, user.id, body.contact));

  registerEndpoint(app, communityApi.leaderInfo, ({ user }) => community.leaderInfo(app.db, user.id));
  registerEndpoint(app, communityApi.leaderUsers, ({ user, query }) => community.leaderUsers(app.db, user.id, query));
  registerEndpoint(app, communityApi.leaderUser, ({ user, params }) => community.leaderUser(app.db, user.id, params.uid));

  registerEndpoint(app, communityApi.adminListLevels, () => community.listLevels(app.db));
  registerEndpoint(app, communityApi.adminPutLevel, ({ db, user, params, body }) => community.putLevel(db, user.id, params.level, body));
  registerEndpoint(app, communityApi.adminDeleteLevel, ({ db, user, params }) => community.deleteLevel(db, user.id, params.level));
  registerEndpoint(app, communityApi.adminQualifying, () => community.qualifying(app.db));
  registerEndpoint(app, communityApi.adminSetQualifyingKind, ({ db, user, params, body }) =>
    community.setQualifyingKind(db, user.id, params.kind, body.counts),
  );
  registerEndpoint(app, communityApi.adminSetReferrerRule, ({ db, user, body }) => community.setReferrerRule(db, user.id, body.required));
  registerEndpoint(app, communityApi.adminSetPerformanceAsset, ({ db, user, params, body }) =>
    community.setPerformanceAsset(db, user.id, params.asset, body.factor),
  );
  registerEndpoint(app, communityApi.adminUserFigures, ({ params }) => community.userFigures(app.db, params.id));
}
