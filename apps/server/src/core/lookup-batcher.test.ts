import { describe, expect, it } from 'vitest';
import { LookupBatcher } from './lookup-batcher.js';

describe('LookupBatcher', () => {
  it('runs a lone look-up at once and the ones arriving meanwhile together, each answered with its own value', async () => {
    const calls: number[][] = [];
    const batcher = new LookupBatcher<number, string>(async (keys) => {
      calls.push(keys);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return keys.map((k) => `v${k}`);
    }, 3);
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((k) => batcher.find(k)));
    expect(answers).toEqual(['v1', 'v2', 'v3', 'v4', 'v5', 'v6']);
    // The first alone; the five that arrived while it ran in calls of at most three, in arrival order.
    expect(calls).toEqual([[1], [2, 3, 4], [5, 6]]);
  });

  it('fails only the look-ups of the call that failed, and keeps serving after it', async () => {
    let call = 0;
    const batcher = new LookupBatcher<number, number>(async (keys) => {
      call += 1;
      if (call === 2) throw new Error('lost connection');
      return keys.map((k) => k * 10);
    }, 10);
    const settled = await Promise.allSettled([1, 2, 3].map((k) => batcher.find(k)));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(await batcher.find(4)).toBe(40);
  });
});
