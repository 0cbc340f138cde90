/**
 * Community (issue 13, decision 064): the team figures, levels and leaders. Figures are kept incrementally:
 * counts when a subtree joins the referral tree (`onSubtreeAttached`, called by the users service inside the
 * binding's transaction), performance by the `community` outbox consumer (`processCommunityEvents`), each
 * in the same transaction as what caused it; reading them is one primary-key lookup.
 */
import { fromUnits, toUnits, type AssetKey, type CommunityLevel, type LeaderMember, type TeamFigures, type TeamMember } from '@reef/contract';
import type { communityApi } from '@reef/contract';
import type * as z from 'zod/mini';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import { consumeEventBatches, recordEvent, type StoredEvent } from '../events/events.service.js';
import * as repo from './community.repository.js';
import { performanceUnits, purchaseOf, qualifyingRules, PURCHASE_KINDS, type PurchaseKind } from './qualifying.js';
import * as qualifyingRepo from './qualifying.repository.js';
import { referrerRequired, setReferrerRequired } from './referrer-rule.js';

/** The binding's hook into the team figures, called by the users service in the binding's transaction (decision 064). */
export { onSubtreeAttached } from './team-figures.js';

/** The purchases that pay referral rewards ask this before any money moves (decision 119). */
export { requireReferrerFor } from './referrer-rule.js';

/** The outbox consumer's name: the reward engine's consumer runs after it and reads `users.level` as it leaves it. */
export const COMMUNITY_CONSUMER = 'community';

const exact = (amount: string) => fromUnits(toUnits(amount));

function figures(row: repo.FiguresRow): TeamFigures {
  return {
    direct_count: row.direct_count,
    indirect_count: row.indirect_count,
    team_total: row.direct_count + row.indirect_count,
    own_performance: exact(row.own_performance),
    team_performance: exact(row.team_performance),
    large_area: exact(row.large_area),
    small_area: exact(row.small_area),
  };
}

const levelName = (level: number, name: string | null) => name ?? `V${level}`;

// ───────────────────────────── keeping the figures ─────────────────────────────

/**
 * One batch of outbox events, in the consumer's transaction: the qualifying purchases' performance is added to
 * the buyers and all their ancestors and their levels follow in the same statement; then the levels of every
 * event's user (whose holdings may have changed) are recomputed. The tree lock keeps a binding from moving a subtree between the
 * closure rows this batch reads and the figures it writes.
 */
export async function handleCommunityBatch(tx: Transaction, events: readonly StoredEvent[]): Promise<void> {
  const rules = await qualifyingRules(tx);
  const purchases: { buyerId: number; amount: string }[] = [];
  for (const event of events) {
    const purchase = purchaseOf(event);
    const units = purchase === null ? null : performanceUnits(purchase, rules);
    if (purchase !== null && units !== null && units > 0n) purchases.push({ buyerId: purchase.buyerId, amount: fromUnits(units) });
  }
  const userIds = [...new Set(events.map((e) => e.user_id).filter((id): id is number => id !== null))];
  await repo.lockReferralTree(tx);
  // The figures of the buyers and all their ancestors, and the levels of those whose figures crossed a threshold.
  await repo.addPerformance(tx, purchases);
  // Every event's user may have moved their own holdings: only their own level can follow from that.
  if (userIds.length > 0) await repo.recomputeLevels(tx, repo.usersIn(userIds));
}

/** Runs the community consumer until it has caught up (the job runner calls it continuously). */
export function processCommunityEvents(db: Database, options: { batchSize?: number; maxEvents?: number } = {}): Promise<number> {
  return consumeEventBatches(db, COMMUNITY_CONSUMER, handleCommunityBatch, options);
}

// ───────────────────────────── members' reads ─────────────────────────────

export async function myCommunity(db: Database, userId: number): Promise<z.infer<typeof communityApi.myCommunity.response>> {
  const row = await repo.communityRow(db, userId);
  if (!row) throw new DomainError('USER_NOT_FOUND');
  const f = figures(row);
  let next = null;
  if (row.next_level !== null) {
    const smallRequired = exact(row.next_min_small_area!);
    const holding =
      row.next_holding_asset === null
        ? null
        : {
            asset: row.next_holding_asset as AssetKey,
            required: exact(row.next_min_holding!),
            current: exact(row.next_holding!),
            met: toUnits(row.next_holding!) >= toUnits(row.next_min_holding!),
          };
    next = {
      level: row.next_level,
      name: levelName(row.next_level, row.next_name),
      small_area: { required: smallRequired, current: f.small_area, met: toUnits(f.small_area) >= toUnits(smallRequired) },
      direct_count: { required: row.next_min_direct!, current: f.direct_count, met: f.direct_count >= row.next_min_direct! },
      holding,
    };
  }
  return { uid: userId, level: row.level, level_name: levelName(row.level, row.level_name), leader: row.leader, figures: f, next_level: next };
}

function memberView(row: repo.MemberRow): TeamMember {
  return {
    uid: row.uid,
    nickname: row.nickname,
    avatar: row.avatar,
    joined_at: new Date(row.created_at).toISOString(),
    level: row.level,
    level_name: levelName(row.level, row.level_name),
    depth: row.depth,
    figures: figures(row),
    remark: row.remark,
  };
}

const leaderMemberView = (row: repo.MemberRow): LeaderMember => ({ ...memberView(row), contact: row.contact, referrer_uid: row.referrer_id });

/** My direct members, newest first; the total is my stored direct count. */
export async function directMembers(db: Database, userId: number, page: number, limit: number) {
  const [list, own] = await Promise.all([repo.members(db, userId, { depth: { exact: 1 } }, limit, (page - 1) * limit), repo.figuresOf(db, userId)]);
  return { list: list.map(memberView), page, limit, total: own?.direct_count ?? 0 };
}

/** My indirect members (depth ≥ 2, or exactly `depth`), nearest generation first. */
export async function indirectMembers(db: Database, userId: number, query: { page: number; limit: number; depth?: number }) {
  const filter: repo.MemberFilter = { depth: query.depth === undefined ? { min: 2 } : { exact: query.depth } };
  const [list, total] = await Promise.all([
    repo.members(db, userId, filter, query.limit, (query.page - 1) * query.limit),
    query.depth === undefined ? repo.figuresOf(db, userId).then((f) => f?.indirect_count ?? 0) : repo.countMembers(db, userId, filter),
  ]);
  return { list: list.map(memberView), page: query.page, limit: query.limit, total };
}

/** My private remark on a member of my team; anyone else (myself included) is NOT_IN_TEAM. Empty clears it. */
export async function setRemark(db: Database, userId: number, memberId: number, remark: string) {
  return db.transaction(async (tx) => {
    if ((await repo.depthBelow(tx, userId, memberId)) === undefined) throw new DomainError('NOT_IN_TEAM');
    const value = remark === '' ? null : remark;
    await repo.setRemark(tx, userId, memberId, value);
    return { uid: memberId, remark: value };
  });
}

export async function contact(db: Executor, userId: number) {
  return { contact: await repo.contactOf(db, userId) };
}

export async function setContact(db: Executor, userId: number, text: string) {
  const value = text === '' ? null : text;
  await repo.setContact(db, userId, value);
  return { contact: value };
}

// ───────────────────────────── leaders ─────────────────────────────

async function requireLeader(db: Database, userId: number) {
  const row = await repo.communityRow(db, userId);
  if (!row?.leader) throw new DomainError('NOT_LEADER');
  return row;
}

export async function leaderInfo(db: Database, userId: number) {
  const row = await requireLeader(db, userId);
  const byLevel = await repo.membersByLevel(db, userId);
  return {
    uid: userId,
    nickname: row.nickname,
    avatar: row.avatar,
    contact: row.contact,
    level: row.level,
    level_name: levelName(row.level, row.level_name),
    figures: figures(row),
    members_by_level: byLevel.map((l) => ({ level: l.level, name: levelName(l.level, l.name), count: l.count })),
  };
}

export async function leaderUsers(db: Database, userId: number, query: { page: number; limit: number; level?: number }) {
  const row = await requireLeader(db, userId);
  const filter: repo.MemberFilter = query.level === undefined ? {} : { level: query.level };
  const [list, total] = await Promise.all([
    repo.members(db, userId, filter, query.limit, (query.page - 1) * query.limit),
    query.level === undefined ? row.direct_count + row.indirect_count : repo.countMembers(db, userId, filter),
  ]);
  return { list: list.map(leaderMemberView), page: query.page, limit: query.limit, total };
}

export async function leaderUser(db: Database, userId: number, memberId: number) {
  await requireLeader(db, userId);
  const [row] = await repo.members(db, userId, { memberId }, 1, 0);
  if (!row) throw new DomainError('NOT_IN_TEAM');
  return leaderMemberView(row);
}

// ───────────────────────────── operators ─────────────────────────────

function levelView(row: repo.LevelRow): CommunityLevel {
  return {
    level: row.level,
    name: row.name,
    min_small_area: exact(row.minSmallArea),
    min_direct: row.minDirect,
    holding_asset: row.holdingAsset as AssetKey | null,
    min_holding: exact(row.minHolding),
  };
}

export async function listLevels(db: Executor) {
  return { list: (await repo.listLevels(db)).map(levelView) };
}

type LevelInput = z.infer<typeof communityApi.adminPutLevel.body>;

/**
 * Creates or replaces a level, audited, and recomputes every user's level in the same transaction (a changed
 * threshold can move anyone). V0 is everyone's floor: its thresholds must stay zero.
 */
export async function putLevel(db: Database, operatorId: number, level: number, input: LevelInput) {
  const zero = toUnits(input.min_small_area) === 0n && input.min_direct === 0 && (input.holding_asset === null || toUnits(input.min_holding) === 0n);
  if (level === 0 && !zero) throw new DomainError('COMMUNITY_LEVEL_ZERO_FIXED');
  return db.transaction(async (tx) => {
    const before = await repo.lockLevel(tx, level);
    const saved = await repo.upsertLevel(tx, {
      level,
      name: input.name,
      minSmallArea: input.min_small_area,
      minDirect: input.min_direct,
      holdingAsset: input.holding_asset,
      minHolding: input.holding_asset === null ? '0' : input.min_holding,
      updatedBy: operatorId,
    });
    await recordEvent(tx, {
      type: 'community.admin_changed',
      user_id: operatorId,
      target: 'level',
      key: String(level),
      action: before ? 'update' : 'create',
      before: before ? levelView(before) : null,
      after: levelView(saved),
    });
    await repo.recomputeLevels(tx, null);
    return levelView(saved);
  });
}

export async function deleteLevel(db: Database, operatorId: number, level: number) {
  return db.transaction(async (tx) => {
    const before = await repo.lockLevel(tx, level);
    if (!before) throw new DomainError('NOT_FOUND');
    await repo.deleteLevel(tx, level);
    await recordEvent(tx, {
      type: 'community.admin_changed',
      user_id: operatorId,
      target: 'level',
      key: String(level),
      action: 'delete',
      before: levelView(before),
      after: null,
    });
    await repo.recomputeLevels(tx, null);
    return listLevels(tx);
  });
}

async function qualifyingView(db: Executor) {
  const [kinds, assets, required] = await Promise.all([qualifyingRepo.kindRows(db), qualifyingRepo.assetFactors(db), referrerRequired(db)]);
  return {
    referrer_required: required,
    kinds: PURCHASE_KINDS.map((kind) => ({ kind, counts: kinds.find((k) => k.kind === kind)?.counts ?? false })),
    assets: assets.map((a) => ({ asset: a.asset as AssetKey, factor: exact(a.factor) })).sort((a, b) => a.asset.localeCompare(b.asset)),
  };
}

export function qualifying(db: Executor) {
  return qualifyingView(db);
}

/** Whether a kind of purchase counts from now on (events the consumer has not processed yet included), audited. */
export async function setQualifyingKind(db: Database, operatorId: number, kind: PurchaseKind, counts: boolean) {
  return db.transaction(async (tx) => {
    const before = await qualifyingRepo.setKindCounts(tx, kind, counts, operatorId);
    await recordEvent(tx, {
      type: 'community.admin_changed',
      user_id: operatorId,
      target: 'qualifying_kind',
      key: kind,
      action: 'update',
      before: { counts: before },
      after: { counts },
    });
    return qualifyingView(tx);
  });
}

/** Whether the purchases that pay referral rewards need a bound referrer first (decision 119), audited. */
export async function setReferrerRule(db: Database, operatorId: number, required: boolean) {
  return db.transaction(async (tx) => {
    const before = await setReferrerRequired(tx, required, operatorId);
    await recordEvent(tx, {
      type: 'community.admin_changed',
      user_id: operatorId,
      target: 'referrer_rule',
      key: 'purchases',
      action: 'update',
      before: { required: before },
      after: { required },
    });
    return qualifyingView(tx);
  });
}

/** An asset's performance factor (null: it stops counting), audited. */
export async function setPerformanceAsset(db: Database, operatorId: number, asset: AssetKey, factor: string | null) {
  return db.transaction(async (tx) => {
    const before = await qualifyingRepo.setFactor(tx, asset, factor, operatorId);
    const after = factor === null ? null : exact(factor);
    await recordEvent(tx, {
      type: 'community.admin_changed',
      user_id: operatorId,
      target: 'performance_asset',
      key: asset,
      action: after === null ? 'delete' : before === null ? 'create' : 'update',
      before: before === null ? null : { factor: exact(before) },
      after: after === null ? null : { factor: after },
    });
    return qualifyingView(tx);
  });
}

export async function userFigures(db: Executor, userId: number) {
  const row = await repo.figuresOf(db, userId);
  if (!row) throw new DomainError('USER_NOT_FOUND');
  return { uid: userId, level: row.level, leader: row.leader, figures: figures(row) };
}
