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
  registerEndpoint(app, cardsApi.adminCreateCardType, ({ db, user, body }) => cards.adminCreateType(db, user.id, body));
  // The starter-card snapshot of a changed type is dropped once the change committed (decision 093).
  const forgetType = (typeId: number) => () => cards.forgetSnapshot(app.db, typeId);
  registerEndpoint(app, cardsApi.adminUpdateCardType, async ({ db, afterCommit, user, params, body }) => {
    afterCommit(forgetType(params.id));
    return cards.adminUpdateType(db, user.id, params.id, body);
  });
  registerEndpoint(app, cardsApi.adminListSessions, ({ query }) => cards.adminListSessions(app.db, query));
  registerEndpoint(app, cardsApi.adminCreateSession, async ({ db, afterCommit, user, body }) => {
    afterCommit(forgetType(body.card_type_id));
    return cards.adminCreateSession(db, user.id, body);
  });
  registerEndpoint(app, cardsApi.adminUpdateSession, async ({ db, afterCommit, user, params, body }) => {
    const session = await cards.adminUpdateSession(db, user.id, params.id, body);
    afterCommit(forgetType(session.card_type_id));
    return session;
  });
  registerEndpoint(app, cardsApi.adminOpenSession, ({ db, afterCommit, user, params }) => openSessionNow(db, app.db, afterCommit, user.id, params.id));
  registerEndpoint(app, cardsApi.adminCloseSession, ({ db, afterCommit, user, params }) => closeSessionNow(db, app.db, afterCommit, user.id, params.id));
  registerEndpoint(app, cardsApi.adminListSchedules, () => cards.adminListSchedules(app.db));
  registerEndpoint(app, cardsApi.adminCreateSchedule, ({ db, user, body }) => cards.adminCreateSchedule(db, user.id, body));
  registerEndpoint(app, cardsApi.adminUpdateSchedule, ({ db, user, params, body }) => cards.adminUpdateSchedule(db, user.id, params.id, body));
}
