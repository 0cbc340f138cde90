import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { patchCachedQuery } from './patch-query-cache';

const KEY = ['chat', 'messages', 'user', 7];
const append = (data: string[]) => [...data, 'live'];

describe('patchCachedQuery', () => {
  it('patches a current copy and keeps its fetch time', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(KEY, ['a'], { updatedAt: 1_000 });
    patchCachedQuery(queryClient, KEY, append);
    const state = queryClient.getQueryState<string[]>(KEY)!;
    expect(state.data).toEqual(['a', 'live']);
    expect(state.dataUpdatedAt).toBe(1_000);
    expect(state.isInvalidated).toBe(false);
  });

  it('keeps a copy that owes a refetch invalidated, so reopening it refetches (the stale history of issue 10)', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    queryClient.setQueryData(KEY, ['a']);
    // A catch-up failed while no page showed the history: the invalidation only marks it.
    await queryClient.invalidateQueries({ queryKey: KEY });
    patchCachedQuery(queryClient, KEY, append);
    const state = queryClient.getQueryState<string[]>(KEY)!;
    expect(state.data).toEqual(['a', 'live']);
    expect(state.isInvalidated).toBe(true);

    // The page showing it again fetches, despite the 30 s staleTime.
    let fetched = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: KEY,
      queryFn: () => {
        fetched += 1;
        return ['a', 'missed', 'live'];
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await expect.poll(() => queryClient.getQueryData(KEY)).toEqual(['a', 'missed', 'live']);
    expect(fetched).toBe(1);
    unsubscribe();
  });

  it('fetches once more after a fetch in flight, whose answer may predate the change', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(KEY, ['a']);
    const answers = [
      ['a', 'old answer'],
      ['a', 'old answer', 'live'],
    ];
    let release: () => void = () => undefined;
    const first = new Promise<void>((resolve) => (release = resolve));
    let fetched = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: KEY,
      staleTime: 0,
      queryFn: async () => {
        const answer = answers[fetched]!;
        fetched += 1;
        if (fetched === 1) await first;
        return answer;
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await expect.poll(() => queryClient.getQueryState(KEY)?.fetchStatus).toBe('fetching');

    // Two live messages while the fetch is out: shown at once, one follow-up fetch between them.
    patchCachedQuery(queryClient, KEY, append);
    patchCachedQuery(queryClient, KEY, (data: string[]) => [...data, 'live 2']);
    expect(queryClient.getQueryData(KEY)).toEqual(['a', 'live', 'live 2']);
    release();
    await expect.poll(() => queryClient.getQueryData(KEY)).toEqual(['a', 'old answer', 'live']);
    expect(fetched).toBe(2);
    unsubscribe();
  });

  it('leaves an uncached query uncached and an unchanged one untouched', () => {
    const queryClient = new QueryClient();
    patchCachedQuery(queryClient, KEY, append);
    expect(queryClient.getQueryState(KEY)).toBeUndefined();
    queryClient.setQueryData(KEY, ['a'], { updatedAt: 1_000 });
    const updates = queryClient.getQueryState(KEY)!.dataUpdateCount;
    patchCachedQuery(queryClient, KEY, (data) => data);
    patchCachedQuery(queryClient, KEY, () => undefined);
    expect(queryClient.getQueryState(KEY)!.dataUpdateCount).toBe(updates);
  });
});
