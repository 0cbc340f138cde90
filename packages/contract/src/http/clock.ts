import * as z from 'zod/mini';
import { endpoint, isoTime } from '../common.js';

/**
 * Moves the server's business clock (decision 025). Registered only when CLOCK_ADJUSTABLE is on, which
 * production refuses; admin only, so even a test deployment cannot be moved by any user.
 */
export const setClock = endpoint({
  method: 'POST',
  path: '/api/test/clock',
  auth: 'admin',
  roles: ['administrator'],
  body: z.union([z.strictObject({ offset_ms: z.int() }), z.strictObject({ advance_ms: z.int() })]),
  response: z.object({ now: isoTime, offset_ms: z.int() }),
});
