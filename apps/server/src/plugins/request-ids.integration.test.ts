/**
 * Issue 23 §4 (decision 095): every id a request names — in a path, a query or a JSON body, on every endpoint the
 * contract declares — is refused with PARAMETER_ERROR when it is hex, an exponent, an array, a boolean, zero,
 * negative, or beyond its column; before, `POST /api/project/card/0x1` bought a card and an id beyond a 32-bit
 * column ended as an HTTP 500. The ids are found by walking the contract (test/request-ids.ts), not listed here;
 * each bad value is set into an otherwise valid request built from the same schema, so the id is what is refused.
 *
 * One test per id (endpoint × field), so a regression names its route, on each database: the refusal happens in the
 * registrar before any query, and the run on PostgreSQL proves that no database reaches past it (a refused request
 * leaves every table as it was on both).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '@reef/contract';
import { contractEndpoints } from '../modules/docs/openapi.js';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../test/harness.js';
import { requestIds, sampleOf, withField, type RequestId } from '../test/request-ids.js';

/** Bad ids as a path or query carries them (text), and as a JSON body does. */
const textValues = (max: number) => ['0x1', '1e3', 'true', '0', '-1', '+1', ' 1', '01', '1.0', '1.5', String(max + 1), '2147483648', '1099511627776'];
const bodyValues = (max: number): unknown[] => ['0x1', '1e3', '1', [1], true, null, 0, -1, 1.5, max + 1, 2147483648, 1099511627776, {}];

/** The values that are bad for an id of this column: an id within a 64-bit column may be 1099511627776. */
function badValues(id: RequestId): unknown[] {
  const values = id.text ? textValues(id.max) : bodyValues(id.max);
  return values.filter((v) => !(typeof v === 'number' || typeof v === 'string') || !/^[1-9]\d*$/.test(String(v)) || Number(v) > id.max);
}

const endpoints = contractEndpoints().map(({ name, endpoint }) => ({ name, endpoint: endpoint as Endpoint, ...requestIds(endpoint as Endpoint) }));

describe('request ids in the contract', () => {
  it('every field named like an id is one of the id schemas, of the kind its place needs', () => {
    expect(endpoints.flatMap(({ name, unmarked }) => unmarked.map((u) => `${name} ${u.where}.${u.path.join('.')} (${u.schemaType})`))).toEqual([]);
    const misplaced = endpoints.flatMap(({ name, ids }) =>
      ids.filter((id) => (id.where === 'body') === id.text).map((id) => `${name} ${id.where}.${id.path.join('.')}`),
    );
    expect(misplaced).toEqual([]);
    expect(endpoints.reduce((n, e) => n + e.ids.length, 0)).toBeGreaterThan(100);
  });
});

/** Every id of every endpoint: one test each, named by the endpoint and the field. */
const cases = endpoints.flatMap(({ name, endpoint, ids }) => ids.map((id) => ({ label: `${name} ${id.where}.${id.path.join('.')}`, endpoint, id })));

describe('a good id is accepted by the schema (the bad id is what the sweep refuses)', () => {
  it.each(cases)('$label', ({ endpoint, id }) => {
    const schema = endpoint[id.where]!;
    const base = sampleOf(schema) ?? {};
    const good = withField(base, id.path, id.text ? '1' : 1);
    expect(schema.safeParse(good).success).toBe(true);
  });
});

/** A request to `endpoint` valid in every part but with `id` set to `bad`. */
function badRequest(endpoint: Endpoint, id: RequestId, bad: unknown) {
  const part = (where: RequestId['where']) => {
    const schema = endpoint[where];
    if (!schema) return undefined;
    const base = (sampleOf(schema) ?? {}) as Record<string, unknown>;
    return id.where === where ? withField(base, id.path, bad) : base;
  };
  const params = part('params') ?? {};
  const url = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(part('query') ?? {})) {
    // A query's array is the key repeated (`?id=1&id=1`).
    for (const v of Array.isArray(value) ? value : [value]) query.append(key, String(v));
  }
  const search = query.toString();
  const body = part('body');
  return { method: endpoint.method, url: search ? `${url}?${search}` : url, ...(body === undefined ? {} : { payload: body }) };
}

describe.each(databaseKinds)('request ids refused on every route (%s)', (kind) => {
  let t: TestApp, user: SignedInUser;
  let before: Record<string, string>;
  // The dev sign-in is registered only with DEV_LOGIN; on here so its uid is swept with the rest.
  withTestApp({ kind, env: { DEV_LOGIN: '1' } }, async (app) => {
    t = app;
    user = await t.signIn();
    await t.fund(user.uid, 'usdt', '1000');
    before = await fingerprint();
  });

  /** Every table's rows, hashed: a refused request leaves the whole database as it was. */
  const fingerprint = async () => {
    const tables = (await t.database.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )) as unknown as { rows: { name: string }[] };
    const sums: Record<string, string> = {};
    for (const { name } of tables.rows) {
      const row = (await t.database.db.execute(
        sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as sum from "${name}" x`),
      )) as unknown as { rows: { sum: string | null }[] };
      sums[name] = row.rows[0]!.sum ?? '';
    }
    return sums;
  };

  it.each(cases)('$label: PARAMETER_ERROR for hex, exponent, array, boolean, zero, negative and out-of-range', async ({ endpoint, id }) => {
    expect(t.app.hasRoute({ method: endpoint.method, url: endpoint.path })).toBe(true);
    const token = endpoint.auth === 'admin' ? t.admin.token : endpoint.auth === 'user' ? user.token : undefined;
    const values = id.where === 'query' ? [...badValues(id), ['1', '1']] : badValues(id);
    const wrong: string[] = [];
    for (const bad of values) {
      const res = await t.call({ ...badRequest(endpoint, id, bad), token });
      if (res.http !== 200 || res.data?.code !== 'PARAMETER_ERROR') wrong.push(`${JSON.stringify(bad)} → HTTP ${res.http} ${res.data?.code ?? res.msg}`);
    }
    expect(wrong).toEqual([]);
    expect(values.length).toBeGreaterThan(5);
  });

  // Runs after every refusal above (a describe's tests run in order).
  it('after every refused request, every table is as it was', async () => {
    expect(await fingerprint()).toEqual(before);
  });
});
