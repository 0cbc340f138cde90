import type { FastifyInstance } from 'fastify';
import { contentApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { helpLibrary } from './help-content.js';
import * as articles from './articles.service.js';

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const library = helpLibrary();
  registerEndpoint(app, contentApi.listArticles, ({ query, request }) => articles.listArticles(app.db, library, request.language, query));
  registerEndpoint(app, contentApi.getArticle, ({ params, request }) => articles.getArticle(app.db, library, request.language, params.id));
  registerEndpoint(app, contentApi.adminListArticles, ({ query }) => articles.adminListArticles(app.db, query));
  registerEndpoint(app, contentApi.adminCreateArticle, ({ db, user, body }) => articles.createArticle(db, user.id, body));
  registerEndpoint(app, contentApi.adminUpdateArticle, ({ db, user, params, body }) => articles.updateArticle(db, user.id, params.id, body));
}
