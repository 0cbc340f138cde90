/**
 * Serves the built web app under /index/ (hash routing: index.html is the only document). The build
 * writes a brotli (.br) and a gzip (.gz) copy beside every compressible file; @fastify/static picks one
 * by `Accept-Encoding` (br, then gzip, then the file itself) and says `Vary: Accept-Encoding`, so the
 * server never compresses a static file per request (decision 031).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Hashed build output: a new deploy writes new names, so a cached copy never goes stale. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html, the service worker, the manifest and icons: cached, but revalidated (ETag) on every use. */
export const REVALIDATE = 'no-cache';

/**
 * The caching policy of one file of the build, kept apart from the static serving so other header
 * plugins (security headers) merge without touching it. Only Vite's hashed `assets/` folder is
 * immutable; a name without a hash there would need a new name to change.
 */
export function setDeliveryHeaders(reply: FastifyReply, filePath: string, root: string): void {
  reply.header('X-Content-Type-Options', 'nosniff');
  const relative = path.relative(root, filePath).split(path.sep);
  reply.header('Cache-Control', relative.length > 1 && relative[0] === 'assets' ? IMMUTABLE : REVALIDATE);
}

export async function webPlugin(app: FastifyInstance): Promise<void> {
  const root = path.resolve(app.config.webDist);
  app.get('/', (_request, reply) => reply.redirect('/index/'));
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built: run `npm run build` to serve it at /index/');
    return;
  }
  await serveBuild(app, root, '/index/', true);
  app.get('/index', (_request, reply) => reply.redirect('/index/'));

  // The operator console: its own build (vite.console.config.ts) in dist/admin, its own document (decision 085).
  const consoleRoot = path.join(root, 'admin');
  if (!fs.existsSync(path.join(consoleRoot, 'index.html'))) return;
  await serveBuild(app, consoleRoot, '/admin/', false);
  app.get('/admin', (_request, reply) => reply.redirect('/admin/'));
}

/**
 * One build served under `prefix`, in its own scope for its own error handler: `send` refuses a folder (403) or a
 * malformed file name (400) with an error, which the app's handler would answer as a 200 'Parameter error'; for the
 * browser and for caches, a file that is not there is a 404. `decorateReply`: the app's registration adds
 * `reply.sendFile`, the console's does not (as each did before they shared this).
 */
async function serveBuild(app: FastifyInstance, root: string, prefix: string, decorateReply: boolean): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler((error, _request, reply) => {
      const status = (error as { statusCode?: number }).statusCode;
      if (status !== undefined && status >= 400 && status < 500) return reply.callNotFound();
      throw error;
    });
    await scope.register(fastifyStatic, {
      root,
      prefix,
      index: ['index.html'],
      preCompressed: true,
      // Cache-Control is ours (setDeliveryHeaders); `send`'s default `max-age=0` would be overwritten anyway.
      cacheControl: false,
      decorateReply,
      setHeaders: (reply, filePath) => setDeliveryHeaders(reply as unknown as FastifyReply, filePath, root),
    });
  });
}
