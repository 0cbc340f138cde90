import type { FastifyInstance } from 'fastify';
import { gamesApi } from '@reef/contract';
import { DomainError } from '../../core/errors.js';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-header.js';
import * as games from './games.service.js';

const BURST_WINDOW_MS = 1000;

export async function gamesRoutes(app: FastifyInstance): Promise<void> {
  // 'Do not operate frequently': bets per user in any rolling second, across nodes with Redis (decision 071).
  const perSecond = app.config.gameBetsPerSecond;
  const gate = perSecond > 0 ? app.realtime.requestGate('game-bets', perSecond, BURST_WINDOW_MS) : null;
  app.addHook('onClose', async () => gate?.close());
  const admit = async (userId: number) => {
    if (gate && !(await gate.admit(userId))) throw new DomainError('TOO_FREQUENT');
  };

  registerEndpoint(app, gamesApi.gameTermsList, () => games.listTerms(app.db));
  registerEndpoint(app, gamesApi.gameSeed, ({ user }) => games.seedState(app.db, user.id));
  registerEndpoint(app, gamesApi.setClientSeed, ({ user, body }) => games.setClientSeed(app.db, user.id, body.client_seed));
  registerEndpoint(app, gamesApi.rotateSeed, ({ user, body }) => games.rotateSeed(app.db, user.id, body.client_seed));
  registerEndpoint(app, gamesApi.playBlindBox, async ({ user, body, request }) => {
    await admit(user.id);
    return games.play(app.db, user.id, 'blind_box', body, idempotencyKeyOf(request));
  });
  registerEndpoint(app, gamesApi.playSlot, async ({ user, body, request }) => {
    await admit(user.id);
    return games.play(app.db, user.id, 'slot', body, idempotencyKeyOf(request));
  });
  registerEndpoint(app, gamesApi.gameRounds, ({ user, query }) => games.rounds(app.db, user.id, query.page, query.limit));
  registerEndpoint(app, gamesApi.verifyRound, ({ user, params }) => games.verifyRound(app.db, user.id, params.id));

  registerEndpoint(app, gamesApi.raffle, ({ user }) => games.raffleState(app.db, user.id));
  registerEndpoint(app, gamesApi.drawRaffle, async ({ user }) => {
    await admit(user.id);
    return games.drawRaffle(app.db, user.id);
  });
  registerEndpoint(app, gamesApi.adminSetRaffle, ({ db, user, body }) => games.setRaffle(db, user.id, body));
  registerEndpoint(app, gamesApi.adminGrantSpins, ({ db, user, body }) => games.grantSpins(db, user.id, body.uid, body.spins));
  registerEndpoint(app, gamesApi.adminGameSettings, () => games.adminSettings(app.db));
  registerEndpoint(app, gamesApi.adminSetGameSettings, ({ db, user, params, body }) => games.setSettings(db, user.id, params.game, body));
  registerEndpoint(app, gamesApi.adminHouseResult, ({ query }) => games.houseResult(app.db, query.days));
}
