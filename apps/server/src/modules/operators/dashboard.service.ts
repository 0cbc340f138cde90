/**
 * The console's first page (issue 16, decisions 085 and 090): users, what they paid, what the platform owes and
 * the last fortnight day by day. Each figure is read through the module that owns it; days are UTC days, as every
 * "today" of the server (incomes, mining), counted from business time (core/clock.ts). Apart from operators.service
 * so that reading the sign-ins (auth) makes no import cycle: auth reads operators' access.
 */
import { DASHBOARD_DAYS, fromUnits, toUnits, type AssetKey } from '@reef/contract';
import type { Database } from '../../db/client.js';
import * as clock from '../../core/clock.js';
import { activeUsersSince } from '../auth/auth.service.js';
import { waitingCount } from '../chat/service-desk.service.js';
import { turnoverByDay, userLiabilities } from '../ledger/ledger.service.js';
import { outstanding as miningOutstanding } from '../mining/mining.service.js';
import { outstanding as pledgeOutstanding } from '../pledge/pledge.service.js';
import { countUsers, signupsByDay } from '../users/users.service.js';

const DAY_MS = 86_400_000;

function utcDay(time: Date): string {
  return time.toISOString().slice(0, 10);
}

/** Sums decimal strings exactly (bigint units). */
function sum(...amounts: (string | undefined)[]): string {
  return fromUnits(amounts.reduce((total, a) => total + (a === undefined ? 0n : toUnits(a)), 0n));
}

export async function dashboard(db: Database, now = clock.now()) {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const first = new Date(today.getTime() - (DASHBOARD_DAYS - 1) * DAY_MS);
  const [total, active, signups, turnover, balances, mining, pledge, desk] = await Promise.all([
    countUsers(db, null),
    activeUsersSince(db, today),
    signupsByDay(db, first),
    turnoverByDay(db, first),
    userLiabilities(db),
    miningOutstanding(db, now),
    pledgeOutstanding(db),
    waitingCount(db),
  ]);

  const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
    const day = utcDay(new Date(first.getTime() + i * DAY_MS));
    return {
      day,
      new_users: signups.find((s) => s.day === day)?.count ?? 0,
      turnover: turnover.filter((t) => t.day === day).map((t) => ({ asset: t.asset as AssetKey, amount: t.amount })),
    };
  });

  const amountOf = (list: readonly { asset: string; amount: string }[], asset: string) => list.find((row) => row.asset === asset)?.amount;
  const assets = [...new Set([...balances, ...mining.list, ...pledge.principal, ...pledge.interest].map((row) => row.asset))].sort();
  const owed = assets.map((asset) => {
    const miner = mining.list.find((row) => row.asset === asset);
    const figures = {
      balances: sum(amountOf(balances, asset)),
      mining_future: sum(miner?.future_output),
      mining_uncollected: sum(miner?.uncollected),
      pledge_principal: sum(amountOf(pledge.principal, asset)),
      pledge_interest: sum(amountOf(pledge.interest, asset)),
    };
    return { asset: asset as AssetKey, ...figures, total: sum(...Object.values(figures)) };
  });

  const last = days[days.length - 1]!;
  return {
    users_total: total,
    users_new_today: last.new_users,
    users_active_today: active,
    turnover_today: last.turnover,
    liabilities: balances,
    owed,
    days,
    desk_waiting: desk,
  };
}
