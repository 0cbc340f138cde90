import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, idParams, pagedList, pageQuery } from './common.js';

describe('endpoint', () => {
  it('builds from a route the same endpoint as the object form', () => {
    const response = z.object({ ok: z.boolean() });
    expect(endpoint('GET /api/things/:id', 'user', { params: idParams, query: pageQuery, response })).toEqual(
      endpoint({ method: 'GET', path: '/api/things/:id', auth: 'user', params: idParams, query: pageQuery, response }),
    );
  });
});

describe('pagedList', () => {
  const page = pagedList(z.object({ id: z.number().int() }));

  it('parses one page and keeps the fields in their order', () => {
    const parsed = page.parse({ total: 3, limit: 2, page: 1, list: [{ id: 1 }, { id: 2 }] });
    expect(Object.keys(parsed)).toEqual(['list', 'page', 'limit', 'total']);
    expect(parsed.list).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('refuses a page without its total', () => {
    expect(page.safeParse({ list: [], page: 1, limit: 20 }).success).toBe(false);
  });
});
