import type { FastifyInstance } from 'fastify';
import { contentApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';
import { helpLibrary } from './help-content.js';
import * as content from './content.service.js';

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const library = helpLibrary();
  registerEndpoint(app, contentApi.listArticles, async ({ query, request }) => content.listArticles(library, request.language, query));
  registerEndpoint(app, contentApi.getArticle, async ({ params, request }) => content.getArticle(library, request.language, params.id));
}
