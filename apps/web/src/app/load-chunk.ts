import { CHUNK_LOAD_TIMEOUT_MS } from '@reef/contract';
import { withTimeout } from '../lib/with-timeout';

/** A page's code could not be fetched (network, a removed deploy) or took longer than 120 s. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** Runs a page's dynamic import with the chunk time-out of spec §9; every failure becomes a ChunkLoadError. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return withTimeout(load(), timeoutMs, () => new ChunkLoadError(`page chunk not loaded after ${timeoutMs} ms`)).catch((error: unknown) => {
    throw error instanceof ChunkLoadError ? error : new ChunkLoadError(error instanceof Error ? error.message : String(error));
  });
}
