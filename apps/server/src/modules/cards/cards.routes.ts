import type { FastifyInstance } from 'fastify';
import { cardsApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-header.js';
import * as cards from './cards.service.js';
import { closeSessionNow, openSessionNow } from './session-jobs.js';

export async function cardsRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, cardsApi.getSessionClock, () => cards.sessionClock(app.db));
  registerEndpoint(app, cardsApi.listCardTypes, ({ user, request }) => cards.listStarterTypes(app.db, user.id, request.language));
  registerEndpoint(app, cardsApi.getCardType, ({ user, params, request }) => cards.getStarterType(app.db, user.id, params.id, request.language));
  registerEndpoint(app, cardsApi.buyStarterCard, ({ user, params, request }) =>
    cards.buyStarterCard(app.db, user.id, params.id, request.language, idempotencyKeyOf(request)),
  );
  registerEndpoint(app, cardsApi.listMyCards, ({ user, query, request }) => cards.listMyCards(app.db, user.id, query, request.language));
  registerEndpoint(app, cardsApi.getMyCard, ({ user, params, request }) => cards.getMyCard(app.db, user.id, params.id, request.language));

  registerEndpoint(app, cardsApi.adminListCardTypes, () => cards.adminListTypes(app.db));
  registerEndpoint(app, cardsApi.adminCreateCardType, ({ user, body }) => cards.adminCreateType(app.db, user.id, body));
  registerEndpoint(app, cardsApi.adminUpdateCardType, ({ user, params, body }) => cards.adminUpdateType(app.db, user.id, params.id, body));
  registerEndpoint(app, cardsApi.adminListSessions, ({ query }) => cards.adminListSessions(app.db, query));
  registerEndpoint(app, cardsApi.adminCreateSession, ({ user, body }) => cards.adminCreateSession(app.db, user.id, body));
  registerEndpoint(app, cardsApi.adminUpdateSession, ({ user, params, body }) => cards.adminUpdateSession(app.db, user.id, params.id, body));
  registerEndpoint(app, cardsApi.adminOpenSession, ({ user, params }) => openSessionNow(app.db, user.id, params.id));
  registerEndpoint(app, cardsApi.adminCloseSession, ({ user, params }) => closeSessionNow(app.db, user.id, params.id));
  registerEndpoint(app, cardsApi.adminListSchedules, () => cards.adminListSchedules(app.db));
  registerEndpoint(app, cardsApi.adminCreateSchedule, ({ user, body }) => cards.adminCreateSchedule(app.db, user.id, body));
  registerEndpoint(app, cardsApi.adminUpdateSchedule, ({ user, params, body }) => cards.adminUpdateSchedule(app.db, user.id, params.id, body));
}
