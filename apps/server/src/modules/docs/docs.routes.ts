/**
 * `GET /api/docs/openapi.json` (the OpenAPI 3.1 document generated from the contracts) and `GET /api/docs`, a page
 * operators and integrators can browse: plain HTML rendered here from the same document, no script and no style, so
 * nothing of it reaches the mobile app's bundle (decision 081).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { schemaVersion } from '../../db/backup.js';
import { buildOpenApi, type ExtraOperation } from './openapi.js';

export const DOCS_PATHS = { json: '/api/docs/openapi.json', page: '/api/docs' } as const;

const json = (schema: z.ZodType) => ({ contentType: 'application/json', schema: z.toJSONSchema(schema) as Record<string, unknown> });

export const EXTRA_OPERATIONS: readonly ExtraOperation[] = [
  { method: 'GET', path: '/healthz', summary: 'Liveness: the process answers.', response: json(z.object({ status: z.literal('ok') })) },
  {
    method: 'GET',
    path: '/readyz',
    summary: 'Readiness: the database and Redis answer (503 otherwise).',
    response: json(z.object({ status: z.enum(['ready', 'unavailable']), checks: z.record(z.string(), z.enum(['ok', 'failed'])) })),
  },
  {
    method: 'GET',
    path: '/metrics',
    summary: 'Prometheus metrics (text format 0.0.4), for a bearer of METRICS_TOKEN.',
    security: 'metricsToken',
    response: { contentType: 'text/plain', schema: { type: 'string' } },
  },
  { method: 'GET', path: '/ws', summary: 'The chat socket (WebSocket upgrade; frames in the contract’s chatSocket).' },
  { method: 'GET', path: DOCS_PATHS.json, summary: 'This document.', response: { contentType: 'application/json', schema: { type: 'object' } } },
  { method: 'GET', path: DOCS_PATHS.page, summary: 'This document as a page.', response: { contentType: 'text/html', schema: { type: 'string' } } },
];

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Operation = { summary?: string; description?: string; security?: unknown[]; parameters?: unknown[]; requestBody?: unknown; responses?: unknown };

function page(document: Record<string, unknown>): string {
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const rows: string[] = [];
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const signedIn = (operation.security ?? []).length > 0 ? ' (signed in)' : '';
      const detail = JSON.stringify({ parameters: operation.parameters, requestBody: operation.requestBody, responses: operation.responses }, null, 2);
      rows.push(
        `<details><summary><code>${method.toUpperCase()} ${escape(path)}</code> ${escape(operation.summary ?? '')}${signedIn}${
          operation.description ? ` — ${escape(operation.description)}` : ''
        }</summary><pre>${escape(detail)}</pre></details>`,
      );
    }
  }
  const info = document.info as { title: string; version: string };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(info.title)}</title></head><body><h1>${escape(info.title)} ${escape(info.version)}</h1><p>OpenAPI 3.1, generated from the zod contracts: <a href="${DOCS_PATHS.json}">openapi.json</a>. ${rows.length} operations.</p>${rows.join('\n')}</body></html>`;
}

export async function docsRoutes(app: FastifyInstance): Promise<void> {
  let document: Record<string, unknown> | undefined;
  let html: string | undefined;
  const documentOf = () =>
    (document ??= buildOpenApi({
      version: `schema ${schemaVersion()}`,
      extra: EXTRA_OPERATIONS,
      served: (method, path) => app.registeredRoutes.some((route) => route.method === method && route.url === path),
    }));
  app.get(DOCS_PATHS.json, async (_request, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(documentOf()));
  app.get(DOCS_PATHS.page, async (_request, reply) => reply.header('content-type', 'text/html; charset=utf-8').send((html ??= page(documentOf()))));
}
