/**
 * The reward engine (issue 13 part 2, decision 065). A consumer of the business-event outbox (`rewards`) turns each
 * qualifying purchase (community/qualifying.ts, the one definition) into rewards for the buyer's upline — direct,
 * indirect, performance (level differential) and same-level — at the settings in force at the purchase's time,
 * cut by the caps, paid from the `rewards` system account in one journal entry per purchase, in the consumer's
 * transaction: the cursor and the money commit together, so each purchase pays exactly once. A daily job splits
 * the weighted dividend of each closed day once the consumer has passed that day. Rewards are paid in USDT: the
 * base is the purchase's performance in USDT-equivalent units, so the rate needs no second conversion.
 */
import {
  LEVEL_RULES_LIST,
  RATE_RULES_LIST,
  REWARD_ASSET,
  REWARD_KINDS,
  applyRate,
  fromUnits,
  rewardBillKind,
  toUnits,
  type IncomeLine,
  type RewardKind,
  type RewardRuleName,
} from '@reef/contract';
import * as clock from '../../core/clock.js';
import { DomainError } from '../../core/errors.js';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { consumeEventBatches, consumedBefore, eventsByIds, recordEvent, type ConsumeOptions, type StoredEvent } from '../events/events.service.js';
import { postEntries, postEntry, type EntryInput, type PostingInput } from '../ledger/ledger.service.js';
import { performanceUnits, purchaseOf, qualifyingRules, type Purchase } from '../community/qualifying.js';
import { nicknamesOf, uplinesOf, usersFromLevel } from '../users/users.service.js';
import { capped, endOfUtcDay, purchaseRewards, utcDay, type Candidate, type CapName } from './reward-engine.js';
import * as repo from './rewards.repository.js';
import { RuleBook, type RuleRow } from './rule-book.js';

export const REWARDS_CONSUMER = 'rewards';

const capShareRule = (kind: RewardKind) => `cap_share_${kind}` as RewardRuleName;

export interface RunOptions extends ConsumeOptions {
  /** Called once per event after its batch is written, inside the batch's transaction (the crash tests stop a process there). */
  afterEvent?: () => Promise<void>;
}

/**
 * Handles every outbox event the engine has not handled yet (run by the job runner, `community.rewards`, after the
 * team figures), a batch at a time and set-based (decision 087): the settings, the qualifying rules, every buyer's
 * upline and the day and user counters are read once per batch, the rewards are decided in memory in event order
 * (so each purchase sees the caps as the purchases before it left them, exactly as one at a time), then written in
 * a fixed number of statements: one journal entry per purchase (`postEntries`), the explanation rows, the counters.
 */
export async function runRewards(db: Database, options: RunOptions = {}): Promise<number> {
  return consumeEventBatches(
    db,
    REWARDS_CONSUMER,
    async (tx, events) => {
      await rewardBatch(tx, events);
      if (options.afterEvent) for (const _event of events) await options.afterEvent();
    },
    options,
  );
}

type Decided = Candidate & { amount: bigint; cap: CapName | null };

/**
 * Which upline members any setting ever made can pay (decision 125): the referrer (direct), the generations an
 * indirect rate exists for, and the levels a performance rate exists for — same-level goes only to a member of a
 * performance earner's level. Every other member earns nothing and changes nothing in the walk (their performance
 * rate is 0, never above the rate paid, and their level is no earner's), so the upline is read without them: on a
 * deep chain of members without such a level, a few rows instead of thousands.
 */
function payableMembers(book: RuleBook): { depthUpTo: number; levels: number[] } {
  const positive = book.rows.filter((row) => toUnits(row.value) > 0n);
  const generations = positive.filter((row) => row.rule === 'indirect').map((row) => row.generation);
  const levels = [...new Set(positive.filter((row) => row.rule === 'performance').map((row) => row.level))];
  return { depthUpTo: Math.max(1, ...generations), levels };
}

async function rewardBatch(tx: Transaction, events: readonly StoredEvent[]): Promise<void> {
  const qualifying = await qualifyingRules(tx);
  const purchases: { purchase: Purchase; base: bigint }[] = [];
  for (const event of events) {
    const purchase = purchaseOf(event);
    const base = purchase === null ? null : performanceUnits(purchase, qualifying);
    if (purchase !== null && base !== null && base > 0n) purchases.push({ purchase, base });
  }
  if (purchases.length === 0) return;
  const book = new RuleBook(await repo.allRules(tx));
  const uplines = await uplinesOf(
    tx,
    purchases.map((p) => p.purchase.buyerId),
    payableMembers(book),
  );
  const decisions = purchases.map(({ purchase, base }) => {
    const at = purchase.occurredAt;
    return {
      purchase,
      base,
      at,
      day: utcDay(at),
      candidates: purchaseRewards(base, uplines.get(purchase.buyerId) ?? [], (rule, g, l) => book.valueAt(rule, g, l, at)),
    };
  });

  // The counters as the batch finds them, then kept in memory as each purchase moves them.
  const days = [...new Set(decisions.map((d) => d.day))];
  const stored = await repo.dayTotalsOf(tx, days);
  const dayState = new Map(
    days.map((day) => {
      const totals = stored.get(day) ?? new Map<string, string>();
      return [
        day,
        { turnover: toUnits(totals.get('turnover') ?? '0'), kindPaid: new Map(REWARD_KINDS.map((kind) => [kind, toUnits(totals.get(kind) ?? '0')])) },
      ];
    }),
  );
  const userKey = (day: string, userId: number) => `${day}:${userId}`;
  const userPaid = new Map(
    [...(await repo.userDayAmountsOf(tx, days, [...new Set(decisions.flatMap((d) => d.candidates.map((c) => c.beneficiaryId)))]))].map(([key, amount]) => [
      key,
      toUnits(amount),
    ]),
  );
  const dayAdds = new Map<string, bigint>();
  const userAdds = new Map<string, { day: string; userId: number; amount: bigint }>();

  const entries: EntryInput[] = [];
  const outcomes = decisions.map(({ purchase, base, at, day, candidates }) => {
    const state = dayState.get(day)!;
    // The purchase counts in its day's turnover before its own rewards are capped against it.
    state.turnover += base;
    dayAdds.set(`${day}|turnover`, (dayAdds.get(`${day}|turnover`) ?? 0n) + base);
    const userCap = toUnits(book.valueAt('cap_user_day', 0, 0, at));
    const decided: Decided[] = candidates.map((c) => {
      const kindLeft = applyRate(state.turnover, book.valueAt(capShareRule(c.kind), 0, 0, at)) - state.kindPaid.get(c.kind)!;
      const key = userKey(day, c.beneficiaryId);
      const { amount, cap } = capped(c.computed, userCap - (userPaid.get(key) ?? 0n), kindLeft);
      state.kindPaid.set(c.kind, state.kindPaid.get(c.kind)! + amount);
      userPaid.set(key, (userPaid.get(key) ?? 0n) + amount);
      if (amount > 0n) {
        dayAdds.set(`${day}|${c.kind}`, (dayAdds.get(`${day}|${c.kind}`) ?? 0n) + amount);
        const add = userAdds.get(key) ?? { day, userId: c.beneficiaryId, amount: 0n };
        userAdds.set(key, { ...add, amount: add.amount + amount });
      }
      return { ...c, amount, cap };
    });
    const paid = decided.filter((d) => d.amount > 0n);
    const entry = payOutEntry(
      paid.map((d) => ({
        userId: d.beneficiaryId,
        kind: d.kind,
        amount: d.amount,
        memo: `${d.kind} ${purchase.ref.type} ${purchase.ref.id} member ${purchase.buyerId}`,
      })),
      `rewards for purchase ${purchase.eventId}`,
    );
    const entryIndex = entry === null ? null : entries.push(entry) - 1;
    return { purchase, at, decided, entryIndex };
  });

  const entryIds = await postEntries(tx, entries);
  await repo.insertPostingsJson(
    tx,
    outcomes.flatMap(({ purchase, at, decided, entryIndex }) =>
      decided.map((d) => ({
        kind: d.kind,
        beneficiaryId: d.beneficiaryId,
        eventId: purchase.eventId,
        memberId: purchase.buyerId,
        purchaseKind: purchase.kind,
        refType: purchase.ref.type,
        refId: purchase.ref.id,
        base: fromUnits(d.base),
        rate: d.rate,
        level: d.level,
        generation: d.generation,
        sourceId: d.sourceId,
        ...outcomeColumns(d, entryIndex === null ? null : entryIds[entryIndex]!, at),
      })),
    ),
  );
  await repo.addDayTotalsOf(
    tx,
    [...dayAdds].map(([key, amount]) => {
      const [day, item] = key.split('|') as [string, string];
      return { day, item, amount: fromUnits(amount) };
    }),
  );
  await repo.addUserDaysOf(
    tx,
    [...userAdds.values()].map((a) => ({ day: a.day, userId: a.userId, amount: fromUnits(a.amount) })),
  );
}

/** What a decided reward came to: before and after the caps, and the entry that paid it (none for 0). */
function outcomeColumns(d: { computed: bigint; amount: bigint; cap: CapName | null }, entryId: number | null, at: Date) {
  return {
    computed: fromUnits(d.computed),
    amount: fromUnits(d.amount),
    cap: d.cap,
    asset: REWARD_ASSET,
    entryId: d.amount > 0n ? entryId : null,
    occurredAt: at,
  };
}

/** One balanced entry: every line to its beneficiary, the sum from the `rewards` system account. Null when nothing is paid. */
function payOutEntry(lines: { userId: number; kind: RewardKind; amount: bigint; memo: string }[], memo: string): EntryInput | null {
  if (lines.length === 0) return null;
  const total = lines.reduce((sum, line) => sum + line.amount, 0n);
  const postings: PostingInput[] = [
    { account: { system: 'rewards', asset: REWARD_ASSET }, amount: -total, kind: 'reward_paid' },
    ...lines.map((line) => ({ account: { userId: line.userId, asset: REWARD_ASSET }, amount: line.amount, kind: rewardBillKind(line.kind), memo: line.memo })),
  ];
  return { kind: 'reward', memo, actorId: null, postings };
}

async function payOut(tx: Transaction, lines: { userId: number; kind: RewardKind; amount: bigint; memo: string }[], memo: string): Promise<number | null> {
  const entry = payOutEntry(lines, memo);
  return entry === null ? null : (await postEntry(tx, entry)).entryId;
}

// ───── the weighted dividend ─────

/**
 * Settles the weighted dividend of every closed UTC day (before today) that has turnover, is not settled yet, and
 * whose purchases the consumer has all handled; oldest first. Each day in its own transaction, claimed first by its
 * primary key, so two runs at once settle it once. Returns the days settled.
 */
export async function settleDividends(db: Database, now = clock.now()): Promise<string[]> {
  const settled: string[] = [];
  for (const { day, turnover } of await repo.unsettledDays(db, utcDay(now))) {
    // A day is closed for the dividend only once every event before its end has reached the engine.
    if (!(await consumedBefore(db, REWARDS_CONSUMER, endOfUtcDay(day)))) break;
    const done = await db.transaction(async (tx) => settleDividendDay(tx, day, turnover, now));
    if (done) settled.push(day);
  }
  return settled;
}

async function settleDividendDay(tx: Transaction, day: string, turnoverText: string, now: Date): Promise<boolean> {
  if (!(await repo.claimDividendDay(tx, day, turnoverText, now))) return false;
  const book = new RuleBook(await repo.allRules(tx));
  // The settings of the day's last instant: a change from midnight on applies to the next day.
  const at = new Date(endOfUtcDay(day).getTime() - 1);
  const totals = await repo.dayTotals(tx, day);
  const turnover = toUnits(turnoverText);
  const pool = applyRate(turnover, book.valueAt('dividend_pool', 0, 0, at));
  const poolLeft = applyRate(turnover, book.valueAt('cap_share_dividend', 0, 0, at)) - toUnits(totals.get('dividend') ?? '0');
  const payable = pool < poolLeft ? pool : poolLeft < 0n ? 0n : poolLeft;

  const minLevel = Number(toUnits(book.valueAt('dividend_min_level', 0, 0, at)) / toUnits('1'));
  const weighted = (await usersFromLevel(tx, minLevel))
    .map((u) => ({ ...u, weight: toUnits(book.valueAt('dividend_weight', 0, u.level, at)) }))
    .filter((u) => u.weight > 0n);
  const totalWeight = weighted.reduce((sum, u) => sum + u.weight, 0n);
  const userPaid = await repo.userDayAmounts(
    tx,
    day,
    weighted.map((u) => u.id),
  );
  const userCap = toUnits(book.valueAt('cap_user_day', 0, 0, at));

  // Shares are truncated to 8 places; the dust stays with the platform.
  const decided = weighted.map((u) => {
    const computed = (pool * u.weight) / totalWeight;
    const share = (payable * u.weight) / totalWeight;
    const userLeft = userCap - toUnits(userPaid.get(u.id) ?? '0');
    const cut: { amount: bigint; cap: CapName | null } =
      share > userLeft ? { amount: userLeft < 0n ? 0n : userLeft, cap: 'user_day' } : { amount: share, cap: share < computed ? 'kind_share' : null };
    return { ...u, computed, ...cut };
  });
  const paid = decided.filter((d) => d.amount > 0n);
  const entryId = await payOut(
    tx,
    paid.map((d) => ({ userId: d.id, kind: 'dividend' as const, amount: d.amount, memo: `dividend ${day}` })),
    `weighted dividend ${day}`,
  );
  await repo.insertPostings(
    tx,
    decided.map((d) => ({
      kind: 'dividend',
      beneficiaryId: d.id,
      dividendDay: day,
      base: fromUnits(pool),
      rate: book.valueAt('dividend_pool', 0, 0, at),
      level: d.level,
      weight: fromUnits(d.weight),
      totalWeight: fromUnits(totalWeight),
      ...outcomeColumns(d, entryId, at),
    })),
  );
  const paidTotal = paid.reduce((sum, d) => sum + d.amount, 0n);
  await repo.addDayTotals(tx, day, paidTotal > 0n ? [{ item: 'dividend', amount: fromUnits(paidTotal) }] : []);
  await repo.addUserDays(
    tx,
    day,
    paid.map((d) => ({ userId: d.id, amount: fromUnits(d.amount) })),
  );
  await repo.finishDividendDay(tx, day, { pool: fromUnits(pool), paid: fromUnits(paidTotal), beneficiaries: paid.length, entryId });
  await recordEvent(tx, {
    type: 'rewards.dividend_settled',
    user_id: null,
    day,
    turnover: fromUnits(turnover),
    pool: fromUnits(pool),
    paid: fromUnits(paidTotal),
    beneficiaries: paid.length,
    entry_id: entryId,
  });
  return true;
}

// ───── explanations (GET /api/user/award_log/:id) ─────

type Line = Omit<IncomeLine, 'explanation'>;

/** Attaches to each of a user's income lines of one kind the explanation the engine stored with it (null for a line it did not post). */
export async function explainLines(db: Executor, userId: number, kind: RewardKind, lines: { line: Line; entryId: number }[]): Promise<IncomeLine[]> {
  const rows = await repo.postingsOfEntries(
    db,
    userId,
    kind,
    lines.map((l) => l.entryId),
  );
  const byEntry = new Map(rows.map((r) => [r.entryId!, r]));
  // What each purchase cost, in the asset it was paid in: read from its event through the one purchase definition.
  const events = await eventsByIds(db, [...new Set(rows.flatMap((r) => (r.eventId === null ? [] : [r.eventId])))]);
  const paidOf = new Map(
    events.flatMap((event) => {
      const purchase = purchaseOf(event);
      return purchase === null ? [] : [[event.id, { asset: purchase.asset, amount: fromUnits(purchase.units) }] as const];
    }),
  );
  const names = await nicknamesOf(db, [...new Set(rows.flatMap((r) => [r.memberId, r.sourceId]).filter((id): id is number => id !== null))]);
  const person = (id: number | null) => (id === null ? null : { uid: id, nickname: names.get(id) ?? '' });
  return lines.map(({ line, entryId }) => {
    const r = byEntry.get(entryId);
    if (!r) return { ...line, explanation: null };
    return {
      ...line,
      explanation: {
        member: person(r.memberId),
        purchase:
          r.eventId === null || !paidOf.has(r.eventId)
            ? null
            : {
                event_id: Number(r.eventId),
                kind: r.purchaseKind!,
                ref_type: r.refType!,
                ref_id: r.refId!,
                occurred_at: r.occurredAt.toISOString(),
                paid: paidOf.get(r.eventId)!,
              },
        source: person(r.sourceId),
        dividend_day: r.dividendDay,
        base: r.base,
        rate: r.rate,
        level: r.level,
        generation: r.generation,
        weight: r.weight,
        total_weight: r.totalWeight,
        computed: r.computed,
        cap: r.cap as CapName | null,
      },
    };
  });
}

// ───── operators ─────

function ruleView(row: RuleRow) {
  return {
    id: row.id,
    rule: row.rule as RewardRuleName,
    generation: row.generation,
    level: row.level,
    value: row.value,
    effective_from: row.effectiveFrom.toISOString(),
    created_by: row.createdBy,
  };
}

export async function listRules(db: Executor, now = clock.now()) {
  const rows = await repo.allRules(db);
  return { in_force: new RuleBook(rows).inForce(now).map(ruleView), history: rows.map(ruleView) };
}

export interface RuleInput {
  rule: RewardRuleName;
  generation?: number;
  level?: number;
  value: string;
  effective_from?: string;
}

const RATE_RULES = new Set<string>(RATE_RULES_LIST);
const LEVEL_RULES = new Set<string>(LEVEL_RULES_LIST);
const CAP_SHARES = REWARD_KINDS.map(capShareRule);

/**
 * A new value for one setting from `effective_from` (now by default; never the past, so no reward already decided
 * could have been decided otherwise). Refused (REWARD_RULE_INVALID): a rate or share above 1, a generation on a rule
 * without one (indirect starts at 2), a level on a rule without levels, a fractional minimum level, and cap shares
 * that would add up to more than 1 at any time from then on: the kinds together never pay more than the turnover.
 */
export async function setRule(db: Database, operatorId: number, input: RuleInput, now = clock.now()) {
  const generation = input.generation ?? 0;
  const level = input.level ?? 0;
  const effectiveFrom = input.effective_from ? new Date(input.effective_from) : now;
  const valueUnits = toUnits(input.value);
  const invalid =
    effectiveFrom.getTime() < now.getTime() ||
    (RATE_RULES.has(input.rule) && valueUnits > toUnits('1')) ||
    (input.rule === 'indirect' ? generation < 2 : generation !== 0) ||
    (!LEVEL_RULES.has(input.rule) && level !== 0) ||
    (input.rule === 'dividend_min_level' && valueUnits % toUnits('1') !== 0n);
  if (invalid) throw new DomainError('REWARD_RULE_INVALID');

  return db.transaction(async (tx) => {
    await repo.lockRules(tx);
    const rows = await repo.allRules(tx);
    const before = new RuleBook(rows).rowAt(input.rule, generation, level, effectiveFrom);
    const row: Omit<RuleRow, 'id'> = { rule: input.rule, generation, level, value: input.value, effectiveFrom, createdBy: operatorId };
    if (CAP_SHARES.includes(input.rule)) {
      const after = new RuleBook([...rows, { ...row, id: Number.MAX_SAFE_INTEGER }]);
      const instants = [
        effectiveFrom,
        ...rows.filter((r) => CAP_SHARES.includes(r.rule as RewardRuleName) && r.effectiveFrom > effectiveFrom).map((r) => r.effectiveFrom),
      ];
      const over = instants.some((t) => CAP_SHARES.reduce((sum, rule) => sum + toUnits(after.valueAt(rule, 0, 0, t)), 0n) > toUnits('1'));
      if (over) throw new DomainError('REWARD_RULE_INVALID');
    }
    const inserted = await repo.insertRule(tx, row);
    await recordEvent(tx, {
      type: 'rewards.rule_set',
      user_id: operatorId,
      rule_id: inserted.id,
      rule: input.rule,
      generation,
      level,
      value: inserted.value,
      before: before?.value ?? null,
      effective_from: effectiveFrom.toISOString(),
    });
    return ruleView(inserted);
  });
}
