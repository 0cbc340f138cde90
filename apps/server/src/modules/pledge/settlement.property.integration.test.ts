/**
 * Property test (issue 12): for random products, purchase times and clock moves, the settlements never pay a
 * miner more than price × multiple, pay interest equal to the stated formula to the last decimal, and give back
 * exactly the principal locked — however the runs fall between the periods.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromUnits, toUnits } from '@reef/contract';
import type { AuthUser } from '../../core/auth-user.js';
import type { DatabaseHandle } from '../../db/client.js';
import { createTestDatabase, databaseKinds } from '../../test/harness.js';
import { adjustBalance } from '../ledger/ledger.service.js';
import * as mining from '../mining/mining.service.js';
import { findOrCreateUser } from '../users/users.service.js';
import * as pledge from './pledge.service.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const units = (n: bigint) => fromUnits(n);

describe.each(databaseKinds)('settlement properties (%s)', (kind) => {
  let database: DatabaseHandle;
  let operator: number;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    operator = await database.db.transaction((tx) => findOrCreateUser(tx, `0x${randomBytes(20).toString('hex')}`, null));
  });
  afterAll(() => database.close());

  const newUser = async (): Promise<AuthUser> => {
    const account = `0x${randomBytes(20).toString('hex')}`;
    const id = await database.db.transaction(async (tx) => {
      const userId = await findOrCreateUser(tx, account, null);
      await adjustBalance(tx, { actorId: operator, userId, asset: 'usdt', amount: toUnits('100000000'), memo: 'property test' });
      return userId;
    });
    return { id, account, role: 'user', roles: [], serviceAgent: false, frozen: false, tokenHash: '' };
  };

  it('output ≤ price × multiple, interest = the formula, released = locked', async () => {
    const product = fc.record({
      price: fc.bigInt({ min: 1n, max: 100_000_000_000n }),
      multiple: fc.bigInt({ min: 1_000_000n, max: 500_000_000n }),
      daily: fc.bigInt({ min: 1n, max: 50_000_000_000n }),
      periodDays: fc.integer({ min: 1, max: 12 }),
      quantity: fc.integer({ min: 1, max: 5 }),
      cycleDays: fc.integer({ min: 1, max: 8 }),
      rate: fc.bigInt({ min: 0n, max: 300_000_000n }),
      feeRate: fc.bigInt({ min: 0n, max: 10_000_000n }),
      releaseDays: fc.integer({ min: 0, max: 5 }),
      lock: fc.bigInt({ min: 100_000_000n, max: 1_000_000_000_000n }),
      purchaseHour: fc.integer({ min: 0, max: 47 }),
      moves: fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 8 }),
    });
    await fc.assert(
      fc.asyncProperty(product, async (p) => {
        const base = Date.UTC(2028, 0, 1) + Math.floor(Math.random() * 1000) * DAY;
        const bought = new Date(base + p.purchaseHour * HOUR);
        const user = await newUser();
        const miner = await mining.createProduct(database.db, operator, {
          name: 'p',
          price: units(p.price),
          price_asset: 'usdt',
          period_days: p.periodDays,
          multiple: units(p.multiple),
          daily_output: units(p.daily),
          output_asset: 'mineral',
        });
        const m = await mining.buy(database.db, user, miner.id, { quantity: p.quantity, asset: 'usdt' }, undefined, bought);
        const total = toUnits(m.miner.total_output);

        const product = await pledge.createProduct(database.db, operator, {
          name: 'p',
          product_type: 'fixed',
          asset: 'usdt',
          interest_asset: 'coin',
          cycle_days: p.cycleDays,
          annual_rate: units(p.rate),
          min_lock: '1',
          max_per_user: '100000',
          total_cap: '100000',
          fee_rate: units(p.feeRate),
          sale_starts_at: new Date(base).toISOString(),
          sale_ends_at: new Date(base + 2 * DAY).toISOString(),
          dividend_at: new Date(base + 2 * DAY).toISOString(),
          release_days: p.releaseDays,
        });
        const locked = await pledge.lock(database.db, user, product.id, units(p.lock), undefined, bought);
        const principal = toUnits(locked.position.principal);

        let at = bought.getTime();
        const produced = async () =>
          toUnits(
            rowsOf<{ total: string }>(
              await database.db.execute(sql`select coalesce(sum(amount), 0)::numeric(38, 8)::text as total from mining_bubbles where miner_id = ${m.miner.id}`),
            )[0]!.total,
          );
        for (const hours of p.moves) {
          at += hours * HOUR;
          await mining.settleMining(database.db, new Date(at));
          await pledge.settlePledge(database.db, new Date(at));
          expect(await produced()).toBeLessThanOrEqual(total);
        }
        // Long after everything: every period settled.
        const end = new Date(base + 40 * DAY);
        await mining.settleMining(database.db, end);
        await pledge.settlePledge(database.db, end);

        const daily = toUnits(m.miner.daily_output);
        const expectedOutput = daily * BigInt(p.periodDays) < total ? daily * BigInt(p.periodDays) : total;
        expect(await produced()).toBe(expectedOutput);

        const paid = rowsOf<{ kind: string; total: string }>(
          await database.db.execute(sql`
            select kind, coalesce(sum(amount), 0)::numeric(38, 8)::text as total from postings
             where user_id = ${user.id} and kind in ('pledge_interest', 'pledge_release') group by kind`),
        );
        const sum = (k: string) => toUnits(paid.find((r) => r.kind === k)?.total ?? '0');
        // Interest: principal × annual rate ÷ 365, cut to 8 places, for each day of the cycle.
        expect(fromUnits(sum('pledge_interest'))).toBe(fromUnits(((principal * p.rate) / (100_000_000n * 365n)) * BigInt(p.cycleDays)));
        expect(sum('pledge_release')).toBe(principal);
        expect(principal + toUnits(locked.position.fee)).toBe(p.lock);
      }),
      { numRuns: 12 },
    );
  }, 600_000);
});
