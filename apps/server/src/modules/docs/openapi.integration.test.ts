/**
 * Issue 16 §2: the OpenAPI 3.1 document at /api/docs/openapi.json is generated from the contracts and lists every
 * route the app registers (decision 081); the browsable page lists the same operations.
 */
import { describe, expect, it } from 'vitest';
import { transferApi } from '@reef/contract';
import { withTestApp, type TestApp } from '../../test/harness.js';
import { openApiPath } from './openapi.js';

/** Routes that are not API: the web app's static files (and Fastify's automatic HEAD twins). */
const NOT_API = (method: string, url: string) => method === 'HEAD' || !(url.startsWith('/api/') || ['/healthz', '/readyz', '/metrics', '/ws'].includes(url));

describe('the OpenAPI document', () => {
  let t: TestApp;
  withTestApp('pglite', async (app) => {
    t = app;
  });

  it('is OpenAPI 3.1 and lists every registered route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    const routes = t.app.registeredRoutes.filter((r) => !NOT_API(r.method, r.url));
    expect(routes.length).toBeGreaterThan(150);
    const missing = routes.filter((r) => !document.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    // And nothing the app does not serve.
    const served = new Set(routes.map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`));
    const extra = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m} ${path}`))
      .filter((op) => !served.has(op));
    expect(extra).toEqual([]);
  });

  it('takes its schemas from the contract', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const transfer = document.paths[openApiPath(transferApi.transfer.path)].post;
    expect(transfer.security).toEqual([{ bearer: [] }]);
    const body = transfer.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['to', 'amount', 'asset', 'password']);
    expect(body.properties.password.pattern).toBe('^\\d{6}$');
    expect(transfer.responses['200'].content['application/json'].schema.properties).toHaveProperty('data');
    const article = document.paths['/api/article/{id}'].get;
    expect(article.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path', required: true })]));
  });

  it('has a browsable page without scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('POST /api/finance/other/trade');
    expect(res.body).not.toMatch(/<script/i);
  });
});
