import { useQuery, type QueryClient } from '@tanstack/react-query';
import { cardsApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import { betterOffset, offsetFromSample, type ClockOffset } from '../model/server-clock';
import { cardsRootKey } from './keys';

/** The page's best reading of the server's clock (model/server-clock), shared by every countdown of the feature. */
export const serverClockKey = [...cardsRootKey, 'server-clock'] as const;

/**
 * Notes the server's business time one answer carried (every cards read that drives a countdown has `now`),
 * timed by the phone's clock around the request.
 */
export function recordServerTime(client: QueryClient, serverTime: string, sentAtMs: number, receivedAtMs: number): void {
  const next = offsetFromSample({ serverTime, sentAtMs, receivedAtMs });
  client.setQueryData<ClockOffset | null>(serverClockKey, (current) => betterOffset(current ?? null, next));
}

/**
 * A read whose answer carries `now`: the call, timed, and its reading recorded. The answer is returned as it
 * came, so the query holds exactly what the contract parsed.
 */
export async function timedRead<T extends { now: string }>(client: QueryClient, read: () => Promise<T>): Promise<T> {
  const sentAtMs = Date.now();
  const answer = await read();
  recordServerTime(client, answer.now, sentAtMs, Date.now());
  return answer;
}

/** GET /api/project/card/session — the clock alone, for a page that has not read anything with `now` yet. */
async function readSessionClock(client: QueryClient, signal: AbortSignal): Promise<ClockOffset | null> {
  await timedRead(client, () => callApi(cardsApi.getSessionClock, { signal, quiet: true }));
  return client.getQueryData<ClockOffset | null>(serverClockKey) ?? null;
}

/** The offset of the server's clock from the phone's (null until the first reading). */
export function useServerClock(): ClockOffset | null {
  const query = useQuery({
    queryKey: serverClockKey,
    queryFn: ({ client, signal }) => readSessionClock(client, signal),
    // Every read with `now` refreshes it; on its own it is asked once per page load.
    staleTime: Number.POSITIVE_INFINITY,
  });
  return query.data ?? null;
}
