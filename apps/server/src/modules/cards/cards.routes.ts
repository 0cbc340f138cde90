import type { FastifyInstance } from 'fastify';
import { cardsApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-header.js';
import { sessionClock } from './cards.service.js';
import { getMyCard, listMyCards } from './my-cards.js';
import * as cardTypes from './operators/card-types.js';
import * as schedules from './operators/schedules.js';
import * as sessions from './operators/sessions.js';
import { closeSessionNow, openSessionNow } from './session-jobs.js';
import { buyStarterCard, forgetSnapshot, getStarterType, listStarterTypes } from './starter-cards.js';

export async function cardsRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, cardsApi.getSessionClock, () => sessionClock(app.db));
  registerEndpoint(app, cardsApi.listCardTypes, ({ user, request }) => listStarterTypes(app.db, user.id, request.language));
  registerEndpoint(app, cardsApi.getCardType, ({ user, params, request }) => getStarterType(app.db, user.id, params.id, request.language));
  registerEndpoint(app, cardsApi.buyStarterCard, ({ user, params, request }) =>
    buyStarterCard(app.db, user.id, params.id, request.language, idempotencyKeyOf(request)),
  );
  registerEndpoint(app, cardsApi.listMyCards, ({ user, query, request }) => listMyCards(app.db, user.id, query, request.language));
  registerEndpoint(app, cardsApi.getMyCard, ({ user, params, request }) => getMyCard(app.db, user.id, params.id, request.language));

  registerEndpoint(app, cardsApi.adminListCardTypes, () => cardTypes.adminListTypes(app.db));
  registerEndpoint(app, cardsApi.adminCreateCardType, ({ db, user, body }) => cardTypes.adminCreateType(db, user.id, body));
  // The starter-card snapshot of a changed type is dropped once the change committed (decision 093).
  const forgetType = (typeId: number) => () => forgetSnapshot(app.db, typeId);
  registerEndpoint(app, cardsApi.adminUpdateCardType, async ({ db, afterCommit, user, params, body }) => {
    afterCommit(forgetType(params.id));
    return cardTypes.adminUpdateType(db, user.id, params.id, body);
  });
  registerEndpoint(app, cardsApi.adminListSessions, ({ query }) => sessions.adminListSessions(app.db, query));
  registerEndpoint(app, cardsApi.adminCreateSession, async ({ db, afterCommit, user, body }) => {
    afterCommit(forgetType(body.card_type_id));
    return sessions.adminCreateSession(db, user.id, body);
  });
  registerEndpoint(app, cardsApi.adminUpdateSession, async ({ db, afterCommit, user, params, body }) => {
    const session = await sessions.adminUpdateSession(db, user.id, params.id, body);
    afterCommit(forgetType(session.card_type_id));
    return session;
  });
  registerEndpoint(app, cardsApi.adminOpenSession, ({ db, afterCommit, user, params }) => openSessionNow(db, app.db, afterCommit, user.id, params.id));
  registerEndpoint(app, cardsApi.adminCloseSession, ({ db, afterCommit, user, params }) => closeSessionNow(db, app.db, afterCommit, user.id, params.id));
  registerEndpoint(app, cardsApi.adminListSchedules, () => schedules.adminListSchedules(app.db));
  registerEndpoint(app, cardsApi.adminCreateSchedule, ({ db, user, body }) => schedules.adminCreateSchedule(db, user.id, body));
  registerEndpoint(app, cardsApi.adminUpdateSchedule, ({ db, user, params, body }) => schedules.adminUpdateSchedule(db, user.id, params.id, body));
}
