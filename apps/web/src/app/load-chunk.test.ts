import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk } from './load-chunk';

afterEach(() => {
  vi.useRealTimers();
});

describe('loadChunk', () => {
  it('resolves with the module', async () => {
    await expect(loadChunk(async () => ({ default: 'page' }))).resolves.toEqual({ default: 'page' });
  });

  it('turns an import failure into a ChunkLoadError', async () => {
    const failure = loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await expect(failure).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('fails with a ChunkLoadError after 120 s', async () => {
    vi.useFakeTimers();
    const never = loadChunk(() => new Promise(() => {}));
    const outcome = expect(never).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    never.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  it('imports again on retry', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ default: 'page' });
    await expect(loadChunk(load)).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(loadChunk(load)).resolves.toEqual({ default: 'page' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
