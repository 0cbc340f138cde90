/**
 * Airdrops (spec §1 "Airdrop claim on the home page"). Operators create campaigns; a user with a bound
 * referrer claims each open campaign once, receiving the campaign's amount from the `airdrop` system
 * account (which may go negative: minus what was given away) in one journal entry. The unique index on
 * (campaign, user) decides concurrent claims: the loser's entry rolls back with its transaction.
 */
import {
  fromUnits,
  toUnits,
  type AdminAirdropCampaign,
  type AirdropCampaign,
  type AirdropIneligible,
  type AirdropRules,
  type AssetKey,
  type DepositAsset,
  type UserAirdrop,
} from '@reef/contract';
import type { Database, Executor } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import type { AuthUser } from '../../core/auth-user.js';
import { recordEvent } from '../events/events.service.js';
import { runIdempotent } from '../idempotency/idempotency.service.js';
import { balanceKey, balancesOf, postEntry, userKindTotals } from '../ledger/ledger.service.js';
import { accountCreatedAt, referrerAccountOf } from '../users/users.service.js';
import * as repo from './airdrops.repository.js';
import * as clock from '../../core/clock.js';

const HOUR_MS = 3_600_000;

function rulesOf(row: repo.CampaignRow): AirdropRules {
  return {
    min_recharge: row.minRechargeAsset && row.minRechargeAmount ? { asset: row.minRechargeAsset as DepositAsset, amount: row.minRechargeAmount } : null,
    min_account_age_hours: row.minAccountAgeHours,
    min_holding: row.minHoldingAsset && row.minHoldingAmount ? { asset: row.minHoldingAsset as AssetKey, amount: row.minHoldingAmount } : null,
    per_referrer_cap: row.perReferrerCap,
  };
}

function campaignView(row: repo.CampaignRow): AirdropCampaign {
  return {
    id: row.id,
    asset: row.asset as AssetKey,
    amount: row.amount,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    restricted: row.restricted,
    rules: rulesOf(row),
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

export interface CreateCampaignInput {
  asset: AssetKey;
  amount: string;
  starts_at: string;
  ends_at: string;
  addresses?: string[] | undefined;
  rules?: RulesInput | undefined;
}

export interface RulesInput {
  min_recharge?: { asset: DepositAsset; amount: string } | null | undefined;
  min_account_age_hours?: number | null | undefined;
  min_holding?: { asset: AssetKey; amount: string } | null | undefined;
  per_referrer_cap?: number | null | undefined;
}

/** The rule columns for `input`: a rule left out is no rule; amounts normalized to the ledger's 8 places. */
function ruleColumns(input: RulesInput | undefined, operatorId: number, now: Date): repo.CampaignRulesColumns {
  const exact = (amount: string) => fromUnits(toUnits(amount));
  return {
    minRechargeAsset: input?.min_recharge?.asset ?? null,
    minRechargeAmount: input?.min_recharge ? exact(input.min_recharge.amount) : null,
    minAccountAgeHours: input?.min_account_age_hours ?? null,
    minHoldingAsset: input?.min_holding?.asset ?? null,
    minHoldingAmount: input?.min_holding ? exact(input.min_holding.amount) : null,
    perReferrerCap: input?.per_referrer_cap ?? null,
    rulesSetBy: operatorId,
    rulesSetAt: now,
  };
}

async function recordRulesSet(tx: Executor, operatorId: number, row: repo.CampaignRow, addressCount: number | null) {
  await recordEvent(tx as Parameters<typeof recordEvent>[0], {
    type: 'airdrop.rules_set',
    user_id: operatorId,
    campaign_id: row.id,
    rules: rulesOf(row),
    address_count: addressCount,
  });
}

export async function createCampaign(db: Database, operatorId: number, input: CreateCampaignInput, now = clock.now()) {
  const addresses = input.addresses ? [...new Set(input.addresses.map((a) => a.toLowerCase()))] : null;
  return db.transaction(async (tx) => {
    const row = await repo.insertCampaign(tx, {
      asset: input.asset,
      amount: fromUnits(toUnits(input.amount)),
      startsAt: new Date(input.starts_at),
      endsAt: new Date(input.ends_at),
      restricted: addresses !== null,
      createdBy: operatorId,
      ...ruleColumns(input.rules, operatorId, now),
    });
    if (addresses) await repo.insertAllowlist(tx, row.id, addresses);
    await recordRulesSet(tx, operatorId, row, addresses?.length ?? null);
    return { ...campaignView(row), address_count: addresses?.length ?? 0 };
  });
}

/**
 * Replaces a campaign's rules (a rule left out is cleared) and, when `addresses` is given, its allow-list
 * (null removes it). Audited: the operator and time on the row, every change as an `airdrop.rules_set`
 * business event in the same transaction. Claims already made stay.
 */
export async function setRules(
  db: Database,
  operatorId: number,
  campaignId: number,
  input: RulesInput & { addresses?: string[] | null | undefined },
  now = clock.now(),
) {
  return db.transaction(async (tx) => {
    const addresses = input.addresses === undefined ? undefined : input.addresses && [...new Set(input.addresses.map((a) => a.toLowerCase()))];
    const row = await repo.updateRules(tx, campaignId, {
      ...ruleColumns(input, operatorId, now),
      ...(addresses === undefined ? {} : { restricted: addresses !== null }),
    });
    if (!row) throw new DomainError('NOT_FOUND');
    if (addresses !== undefined) {
      await repo.clearAllowlist(tx, campaignId);
      if (addresses) await repo.insertAllowlist(tx, campaignId, addresses);
    }
    const addressCount = row.restricted ? await repo.allowlistSize(tx, campaignId) : null;
    await recordRulesSet(tx, operatorId, row, addressCount);
    return { ...campaignView(row), address_count: addressCount ?? 0 };
  });
}

function stateOf(row: repo.CampaignRow, now: Date): repo.CampaignState {
  if (!row.active || now >= row.endsAt) return 'ended';
  return now < row.startsAt ? 'scheduled' : 'open';
}

/** Every campaign for operators (the console's list), newest first, with allow-list size and claims so far. */
export async function listForOperators(
  db: Database,
  state: repo.CampaignState | 'all',
  page: number,
  limit: number,
  now = clock.now(),
): Promise<{ list: AdminAirdropCampaign[]; page: number; limit: number; total: number }> {
  const { list, total } = await repo.listCampaigns(db, state === 'all' ? null : state, now, limit, (page - 1) * limit);
  const counts = await repo.campaignCounts(
    db,
    list.map((r) => r.id),
  );
  return {
    list: list.map((row) => ({
      ...campaignView(row),
      state: stateOf(row, now),
      address_count: row.restricted ? (counts.addresses.get(row.id) ?? 0) : 0,
      claims: counts.claims.get(row.id) ?? 0,
    })),
    page,
    limit,
    total,
  };
}

/** What the rules look at, read once per request and only when some campaign has a rule that needs it. */
class ClaimantFacts {
  private createdAt: Promise<Date> | null = null;
  private recharged: Promise<Map<string, bigint>> | null = null;
  private balances: Promise<Map<AssetKey, string>> | null = null;

  constructor(
    private readonly db: Executor,
    private readonly userId: number,
  ) {}

  accountCreatedAt(): Promise<Date> {
    return (this.createdAt ??= accountCreatedAt(this.db, this.userId));
  }

  /** Credited recharges per asset: the ledger's `deposit` lines (chain deposits and approved reviews). */
  rechargedUnits(asset: DepositAsset): Promise<bigint> {
    this.recharged ??= userKindTotals(this.db, this.userId, ['deposit'], new Date(0)).then((rows) => new Map(rows.map((r) => [r.asset, toUnits(r.total)])));
    return this.recharged.then((totals) => totals.get(asset) ?? 0n);
  }

  holdingUnits(asset: AssetKey): Promise<bigint> {
    this.balances ??= balancesOf(this.db, this.userId);
    return this.balances.then((balances) => toUnits(balances.get(asset) ?? '0'));
  }
}

/**
 * The first rule this user does not meet (in the order the web lists them), or null. The per-referrer
 * cap is only read here; a claim takes its slot under a row lock (`repo.takeReferrerSlot`).
 */
async function failedRule(
  db: Executor,
  user: AuthUser,
  campaign: repo.CampaignRow,
  facts: ClaimantFacts,
  now: Date,
  referrerCount: number | undefined,
): Promise<{ code: AirdropIneligible; details: Record<string, unknown> } | null> {
  if (campaign.restricted && !(await repo.allowedCampaignIds(db, [campaign.id], user.account)).has(campaign.id)) {
    return { code: 'AIRDROP_NOT_ELIGIBLE', details: {} };
  }
  const rules = rulesOf(campaign);
  if (rules.min_account_age_hours !== null) {
    const ageMs = now.getTime() - (await facts.accountCreatedAt()).getTime();
    if (ageMs < rules.min_account_age_hours * HOUR_MS) return { code: 'AIRDROP_ACCOUNT_TOO_NEW', details: { hours: rules.min_account_age_hours } };
  }
  if (rules.min_recharge && (await facts.rechargedUnits(rules.min_recharge.asset)) < toUnits(rules.min_recharge.amount)) {
    return { code: 'AIRDROP_MIN_RECHARGE', details: { ...rules.min_recharge } };
  }
  if (rules.min_holding && (await facts.holdingUnits(rules.min_holding.asset)) < toUnits(rules.min_holding.amount)) {
    return { code: 'AIRDROP_MIN_HOLDING', details: { ...rules.min_holding } };
  }
  if (rules.per_referrer_cap !== null && referrerCount !== undefined && referrerCount >= rules.per_referrer_cap) {
    return { code: 'AIRDROP_REFERRER_CAP', details: { cap: rules.per_referrer_cap } };
  }
  return null;
}

/** Open campaigns with whether this user has claimed each and whether their address may claim it. */
export async function listOpen(db: Database, user: AuthUser, now = clock.now()): Promise<{ list: UserAirdrop[] }> {
  const rows = await repo.openCampaigns(db, now);
  const ids = rows.map((r) => r.id);
  const referrer = await referrerAccountOf(db, user.id);
  const capped = rows.filter((r) => r.perReferrerCap !== null).map((r) => r.id);
  const [claimed, referrerCounts] = await Promise.all([
    repo.claimedCampaignIds(db, user.id, ids),
    referrer === null ? new Map<number, number>() : repo.referrerClaims(db, capped, referrer),
  ]);
  const facts = new ClaimantFacts(db, user.id);
  const list: UserAirdrop[] = [];
  for (const row of rows) {
    const { active: _active, created_at: _createdAt, ...view } = campaignView(row);
    const isClaimed = claimed.has(row.id);
    // A claimed campaign needs no reason: the card shows it as claimed.
    const failed = isClaimed ? null : await failedRule(db, user, row, facts, now, referrer === null ? undefined : (referrerCounts.get(row.id) ?? 0));
    list.push({ ...view, claimed: isClaimed, eligible: failed === null, ineligible: failed?.code ?? null });
  }
  return { list };
}

export async function claim(db: Database, user: AuthUser, campaignId: number, idempotencyKey: string | undefined, now = clock.now()) {
  const referrer = await referrerAccountOf(db, user.id);
  if (referrer === null) throw new DomainError('REFERRER_REQUIRED');
  return runIdempotent(db, { userId: user.id, key: idempotencyKey, request: ['airdrop_claim', campaignId] }, async (tx) => {
    const campaign = await repo.findCampaign(tx, campaignId);
    if (!campaign) throw new DomainError('NOT_FOUND');
    if (!campaign.active || now < campaign.startsAt || now >= campaign.endsAt) throw new DomainError('AIRDROP_NOT_ACTIVE');
    // Fast path for a visible earlier claim; the unique index below decides concurrent ones.
    if ((await repo.claimedCampaignIds(tx, user.id, [campaign.id])).size > 0) throw new DomainError('AIRDROP_ALREADY_CLAIMED');
    // Every rule before any write: a refusal changes nothing (decision 037).
    const failed = await failedRule(tx, user, campaign, new ClaimantFacts(tx, user.id), now, undefined);
    if (failed) throw new DomainError(failed.code, failed.details);
    // The cap is counted here, under the row lock of (campaign, referrer); a later failure rolls it back.
    if (campaign.perReferrerCap !== null && !(await repo.takeReferrerSlot(tx, campaign.id, referrer, campaign.perReferrerCap))) {
      throw new DomainError('AIRDROP_REFERRER_CAP', { cap: campaign.perReferrerCap });
    }
    const asset = campaign.asset as AssetKey;
    const amount = toUnits(campaign.amount);
    const memo = `airdrop ${campaign.id}`;
    const posted = await postEntry(tx, {
      kind: 'airdrop',
      actorId: user.id,
      memo,
      postings: [
        { account: { system: 'airdrop', asset }, amount: -amount, kind: 'airdrop' },
        { account: { userId: user.id, asset }, amount, kind: 'airdrop' },
      ],
    });
    const row = await repo.insertClaim(tx, campaign.id, user.id, posted.entryId);
    if (!row) throw new DomainError('AIRDROP_ALREADY_CLAIMED');
    await recordEvent(tx, {
      type: 'airdrop.claimed',
      user_id: user.id,
      campaign_id: campaign.id,
      claim_id: row.id,
      asset,
      amount: fromUnits(amount),
      entry_id: posted.entryId,
    });
    return {
      id: row.id,
      campaign_id: campaign.id,
      asset,
      amount: campaign.amount,
      entry_id: posted.entryId,
      balance: posted.userBalances.get(balanceKey(user.id, asset))!,
      created_at: row.createdAt.toISOString(),
    };
  });
}

export async function listClaims(db: Database, userId: number, page: number, limit: number) {
  const { list, total } = await repo.listClaims(db, userId, limit, (page - 1) * limit);
  return {
    list: list.map((r) => ({
      id: r.id,
      campaign_id: r.campaignId,
      asset: r.asset as AssetKey,
      amount: r.amount,
      created_at: r.createdAt.toISOString(),
    })),
    page,
    limit,
    total,
  };
}
