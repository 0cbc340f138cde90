/**
 * Reward income (spec §1 reward kinds, §7 /api/user/incomes, /award, /award_log/{id}). The rewards are
 * ledger lines of kind `reward_<kind>` posted by the reward features; this module only reads them through
 * the ledger, summed in SQL, and each line's explanation from the reward engine. "Today" starts at 00:00 UTC.
 */
import { REWARD_KINDS, fromUnits, rewardBillKind, toUnits, type AssetKey, type PostingKind, type RewardKind } from '@reef/contract';
import type { Database } from '../../db/client.js';
import { billsOfKind, userKindTotals } from '../ledger/ledger.service.js';
import * as clock from '../../core/clock.js';
import { explainLines } from '../rewards/rewards.service.js';

const BILL_KIND_TO_REWARD = new Map<PostingKind, RewardKind>(REWARD_KINDS.map((kind) => [rewardBillKind(kind), kind]));

function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

async function rewardRows(db: Database, userId: number, now: Date) {
  const rows = await userKindTotals(db, userId, [...BILL_KIND_TO_REWARD.keys()], startOfUtcDay(now));
  return rows.map((r) => ({
    kind: BILL_KIND_TO_REWARD.get(r.kind as PostingKind)!,
    asset: r.asset as AssetKey,
    total: toUnits(r.total),
    today: toUnits(r.recent),
  }));
}

function perAsset(entries: { asset: AssetKey; units: bigint }[]) {
  const sums = new Map<AssetKey, bigint>();
  for (const { asset, units } of entries) sums.set(asset, (sums.get(asset) ?? 0n) + units);
  return [...sums].sort(([a], [b]) => a.localeCompare(b)).map(([asset, units]) => ({ asset, amount: fromUnits(units) }));
}

export async function incomes(db: Database, userId: number, now = clock.now()) {
  const rows = await rewardRows(db, userId, now);
  return {
    list: rows.map((r) => ({ kind: r.kind, asset: r.asset, total: fromUnits(r.total), today: fromUnits(r.today) })),
    total: perAsset(rows.map((r) => ({ asset: r.asset, units: r.total }))),
    today: perAsset(rows.map((r) => ({ asset: r.asset, units: r.today }))),
  };
}

export async function award(db: Database, userId: number, now = clock.now()) {
  const rows = await rewardRows(db, userId, now);
  return {
    list: REWARD_KINDS.map((kind) => ({
      kind,
      totals: perAsset(rows.filter((r) => r.kind === kind).map((r) => ({ asset: r.asset, units: r.total }))),
    })),
  };
}

export async function awardLog(db: Database, userId: number, kind: RewardKind, page: number, limit: number) {
  const { list, total } = await billsOfKind(db, userId, rewardBillKind(kind), page, limit);
  return { kind, list: await explainLines(db, userId, kind, list), page, limit, total };
}
