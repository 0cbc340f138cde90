/**
 * Airdrops (spec §1 "Airdrop claim on the home page"). Operators create campaigns; a user with a bound
 * referrer claims each open campaign once, receiving the campaign's amount from the `airdrop` system
 * account (which may go negative: minus what was given away) in one journal entry. The unique index on
 * (campaign, user) decides concurrent claims: the loser's entry rolls back with its transaction.
 */
import { fromUnits, toUnits, type AirdropCampaign, type AssetKey, type UserAirdrop } from '@reef/contract';
import type { Database } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import type { AuthUser } from '../../core/auth-user.js';
import { recordEvent } from '../events/events.service.js';
import { runIdempotent } from '../idempotency/idempotency.service.js';
import { balanceKey, postEntry } from '../ledger/ledger.service.js';
import { referrerAccountOf } from '../users/users.service.js';
import * as repo from './airdrops.repository.js';
import * as clock from '../../core/clock.js';

function campaignView(row: repo.CampaignRow): AirdropCampaign {
  return {
    id: row.id,
    asset: row.asset as AssetKey,
    amount: row.amount,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    restricted: row.restricted,
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
}

export async function createCampaign(db: Database, operatorId: number, input: CreateCampaignInput) {
  const addresses = input.addresses ? [...new Set(input.addresses.map((a) => a.toLowerCase()))] : null;
  return db.transaction(async (tx) => {
    const row = await repo.insertCampaign(tx, {
      asset: input.asset,
      amount: fromUnits(toUnits(input.amount)),
      startsAt: new Date(input.starts_at),
      endsAt: new Date(input.ends_at),
      restricted: addresses !== null,
      createdBy: operatorId,
    });
    if (addresses) await repo.insertAllowlist(tx, row.id, addresses);
    return { ...campaignView(row), address_count: addresses?.length ?? 0 };
  });
}

/** Open campaigns with whether this user has claimed each and whether their address may claim it. */
export async function listOpen(db: Database, user: AuthUser, now = clock.now()): Promise<{ list: UserAirdrop[] }> {
  const rows = await repo.openCampaigns(db, now);
  const ids = rows.map((r) => r.id);
  const [claimed, allowed] = await Promise.all([
    repo.claimedCampaignIds(db, user.id, ids),
    repo.allowedCampaignIds(
      db,
      rows.filter((r) => r.restricted).map((r) => r.id),
      user.account,
    ),
  ]);
  return {
    list: rows.map((row) => {
      const { active: _active, created_at: _createdAt, ...view } = campaignView(row);
      return { ...view, claimed: claimed.has(row.id), eligible: !row.restricted || allowed.has(row.id) };
    }),
  };
}

export async function claim(db: Database, user: AuthUser, campaignId: number, idempotencyKey: string | undefined, now = clock.now()) {
  if ((await referrerAccountOf(db, user.id)) === null) throw new DomainError('REFERRER_REQUIRED');
  return runIdempotent(db, { userId: user.id, key: idempotencyKey, request: ['airdrop_claim', campaignId] }, async (tx) => {
    const campaign = await repo.findCampaign(tx, campaignId);
    if (!campaign) throw new DomainError('NOT_FOUND');
    if (!campaign.active || now < campaign.startsAt || now >= campaign.endsAt) throw new DomainError('AIRDROP_NOT_ACTIVE');
    if (campaign.restricted && !(await repo.allowedCampaignIds(tx, [campaign.id], user.account)).has(campaign.id)) {
      throw new DomainError('AIRDROP_NOT_ELIGIBLE');
    }
    // Fast path for a visible earlier claim; the unique index below decides concurrent ones.
    if ((await repo.claimedCampaignIds(tx, user.id, [campaign.id])).size > 0) throw new DomainError('AIRDROP_ALREADY_CLAIMED');
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
