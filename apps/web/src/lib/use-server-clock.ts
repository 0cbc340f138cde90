import { useQuery, type QueryClient } from '@tanstack/react-query';
import { betterOffset, offsetFromSample, type ClockOffset } from './server-clock';

/**
 * The page's best reading of the server's clock (lib/server-clock), one for the whole app: every feature whose
 * countdowns run on the server's time (cards, pledge) feeds it from its own reads that carry `now`.
 */
export const serverClockKey = ['server-clock'] as const;

/** Notes the server's business time one answer carried, timed by the phone's clock around the request. */
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

/**
 * The offset of the server's clock from the phone's (null until the first reading). `readClock` is the
 * feature's read for a page that has not read anything with `now` yet (it records through `timedRead`); it
 * runs once per page load, every later read with `now` refreshes the offset.
 */
export function useServerClock(readClock: (client: QueryClient, signal: AbortSignal) => Promise<unknown>): ClockOffset | null {
  const query = useQuery({
    queryKey: serverClockKey,
    queryFn: async ({ client, signal }) => {
      await readClock(client, signal);
      return client.getQueryData<ClockOffset | null>(serverClockKey) ?? null;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  return query.data ?? null;
}
