import { cardsApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import type { ClockOffset } from '../../../lib/server-clock';
import { useServerClockOffset } from '../../../lib/use-server-clock';

/** GET /api/project/card/session — the clock alone, for a page that has not read anything with `now` yet. */
function readSessionClock(signal: AbortSignal) {
  return callApi(cardsApi.getSessionClock, { signal, quiet: true });
}

/** The offset of the server's clock from the phone's (null until the first reading). */
export function useServerClock(): ClockOffset | null {
  return useServerClockOffset(readSessionClock);
}
