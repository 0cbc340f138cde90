/**
 * The fault test's crowd, made straight in the cluster's database (decision 128): hundreds of users with a referrer,
 * their balances and a signed-in session each, in seconds instead of the minutes that as many wallet sign-ins and
 * operator adjustments through the proxy take on two cores. The sign-in, the adjustment and the binding are each
 * tested through the API elsewhere (cluster.integration.test.ts signs in and buys through the proxy); what this test
 * is about starts after them. The rows are written by the server's own services, as those routes write them.
 */
import { randomBytes } from 'node:crypto';
import { toUnits, type AssetKey } from '@reef/contract';
import type { Config } from '../apps/server/src/config.js';
import type { Database } from '../apps/server/src/db/client.js';
import { openSession } from '../apps/server/src/modules/auth/auth.service.js';
import { adjustBalance } from '../apps/server/src/modules/ledger/ledger.service.js';
import { findOrCreateUser } from '../apps/server/src/modules/users/users.service.js';

export interface SeededUser {
  uid: number;
  token: string;
}

const SESSION_TTL_MS = 2 * 3_600_000;

/** `count` users under `referrerId`, each funded with `funds` (asset → amount) by `operatorId` and signed in. */
export async function seedUsers(
  db: Database,
  options: { count: number; referrerId: number; operatorId: number; funds: Partial<Record<AssetKey, string>> },
): Promise<SeededUser[]> {
  const seeded: SeededUser[] = [];
  // 25 users a transaction: each one takes the referral tree's lock, so they queue anyway; fewer commits is faster.
  for (let first = 0; first < options.count; first += 25) {
    const batch = await db.transaction(async (tx) => {
      const made: SeededUser[] = [];
      for (let i = first; i < Math.min(options.count, first + 25); i++) {
        const uid = await findOrCreateUser(tx, `0x${randomBytes(20).toString('hex')}`, options.referrerId);
        for (const [asset, amount] of Object.entries(options.funds) as [AssetKey, string][]) {
          await adjustBalance(tx, { actorId: options.operatorId, userId: uid, asset, amount: toUnits(amount), memo: 'cluster fault test' });
        }
        const { token } = await openSession(tx, { tokenTtlMs: SESSION_TTL_MS } as Config, uid);
        made.push({ uid, token });
      }
      return made;
    });
    seeded.push(...batch);
  }
  return seeded;
}

/** A card type to sell starter cards of in a session: 10 RUSD, no fuel fee, one a buyer (the cluster tests' card). */
export function starterCardType(name: string) {
  return {
    name,
    start_price: '10',
    price_step_bp: 500,
    fuel_fee_bp: 0,
    trade_points: '1',
    hold_days: 1,
    list_window_days: 7,
    platform_fee_bp: 500,
    renewal_fee_bp: 100,
    per_user_cap: 1,
  };
}
