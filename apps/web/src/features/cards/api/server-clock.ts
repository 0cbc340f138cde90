import type { QueryClient } from '@tanstack/react-query';
import { cardsApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import type { ClockOffset } from '../../../lib/server-clock';
import { timedRead, useServerClock as useSharedServerClock } from '../../../lib/use-server-clock';

/** GET /api/project/card/session — the clock alone, for a page that has not read anything with `now` yet. */
function readSessionClock(client: QueryClient, signal: AbortSignal) {
  return timedRead(client, () => callApi(cardsApi.getSessionClock, { signal, quiet: true }));
}

/** The offset of the server's clock from the phone's (lib/use-server-clock), read from the session clock first. */
export function useServerClock(): ClockOffset | null {
  return useSharedServerClock(readSessionClock);
}
