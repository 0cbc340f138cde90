/**
 * Server-side prepared statements for the hottest reads (decision 034). Planning a query with a join and a
 * subquery costs more than running it on a warm database — on PGlite about twice the cost of a primary-key
 * select — so a statement here is parsed and planned once per connection and then only executed.
 *
 * PostgreSQL: node-postgres prepares a named statement on each pooled connection the first time that
 * connection runs it. PGlite (one session): `PREPARE` once, then `EXECUTE name(…)`; EXECUTE takes no bind
 * parameters, so arguments are inlined, which is why they may only be safe integers.
 */
import pg from 'pg';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

const dialect = new PgDialect();

export function preparedStatement<Row>(name: string, query: SQL): (db: Database, args: Record<string, number>) => Promise<Row[]> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad prepared statement name: ${name}`);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const names = params.map((param) => (param as Placeholder).name);
  if (names.some((n) => typeof n !== 'string')) throw new Error(`${name}: every parameter must be a sql.placeholder`);
  const preparedOn = new WeakMap<Database, Promise<unknown>>();

  return async (db, args) => {
    const values = names.map((n) => {
      const value = args[n];
      if (value === undefined || !Number.isSafeInteger(value)) throw new Error(`${name}: ${n} must be a safe integer`);
      return value;
    });
    const client = (db as { $client?: unknown }).$client;
    if (client instanceof pg.Pool) return (await client.query<Row & pg.QueryResultRow>({ name, text, values })).rows;
    let prepared = preparedOn.get(db);
    if (!prepared) {
      // 42P05: this session has it already (another Drizzle handle over the same PGlite prepared it).
      prepared = db.execute(sql.raw(`prepare ${name} as ${text}`)).catch((error: unknown) => {
        if ((error as { cause?: { code?: string } }).cause?.code !== '42P05') throw error;
      });
      preparedOn.set(db, prepared);
      prepared.catch(() => preparedOn.delete(db));
    }
    await prepared;
    const result = await db.execute(sql.raw(`execute ${name}(${values.join(', ')})`));
    return (result as unknown as { rows: Row[] }).rows;
  };
}
