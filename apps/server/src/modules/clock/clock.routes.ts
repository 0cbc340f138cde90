import type { FastifyInstance } from 'fastify';
import { clockApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { AnswerAfterCommit } from '../audit/audited-write.js';
import { applyClock, moveClock } from './clock.service.js';

/** Registered only when CLOCK_ADJUSTABLE is on (never in production): elsewhere the path is a plain 404. */
export async function clockRoutes(app: FastifyInstance): Promise<void> {
  if (!app.config.clockAdjustable) return;
  registerEndpoint(app, clockApi.setClock, async ({ db, body, audit }) => {
    const moved = await moveClock(db, body);
    audit.after = { offset_ms: moved.offsetMs };
    return new AnswerAfterCommit(async () => applyClock(moved));
  });
}
