/**
 * Serves the built web app under /index/ (hash routing: index.html is the only document). Hashed
 * assets are immutable; index.html is revalidated so a deploy is picked up on the next load.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

export async function webPlugin(app: FastifyInstance): Promise<void> {
  const root = app.config.webDist;
  app.get('/', (_request, reply) => reply.redirect('/index/'));
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built: run `npm run build` to serve it at /index/');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/index/',
    index: ['index.html'],
    setHeaders: (res, filePath) => {
      res.header('X-Content-Type-Options', 'nosniff');
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.header('Cache-Control', 'no-cache');
      }
    },
  });
  app.get('/index', (_request, reply) => reply.redirect('/index/'));
}
