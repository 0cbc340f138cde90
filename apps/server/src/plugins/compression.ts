/**
 * Compresses JSON API replies above a size threshold (br, then gzip, by `Accept-Encoding`; `Vary` set).
 * Only /api/ routes: static files are compressed at build time (plugins/web.ts), uploads are images
 * already compressed, sockets are upgrades, and the AI answer stream hijacks its reply and writes
 * server-sent events itself, so no compressor can hold its frames back (decision 031).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyCompress from '@fastify/compress';

/** Below about one TCP packet compression saves no round trip and costs CPU. */
export const API_COMPRESS_THRESHOLD_BYTES = 1024;

export const compressionPlugin = fp(async (app: FastifyInstance) => {
  // Runs before @fastify/compress's own onRoute hook (registered next), so it sees the opt-out.
  app.addHook('onRoute', (routeOptions) => {
    if (!routeOptions.url?.startsWith('/api/')) routeOptions.compress = false;
  });
  await app.register(fastifyCompress, {
    globalCompression: true,
    // Request bodies stay plain: a compressed body would slip past the body limit until inflated.
    globalDecompression: false,
    threshold: API_COMPRESS_THRESHOLD_BYTES,
    // The plugin's default brotli quality (4) costs a fraction of a millisecond for a page of JSON;
    // quality 11 is for the build, where time does not matter.
    encodings: ['br', 'gzip'],
  });
});
