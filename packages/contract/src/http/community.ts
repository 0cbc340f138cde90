/**
 * Community: the referral team and its figures, levels and leaders (spec §1 community centre, §2 community and
 * user/spread pages, §3 Team fields, §6 leader role, §7 community and team calls; issue 13, decision 064).
 * Performance is the USDT-equivalent value of qualifying purchases (cards, miners, pledge locks, as the operator
 * decides); every amount is an exact decimal string.
 */
import * as z from 'zod/mini';
import { amountString, assetKey, endpoint, freeText, nonNegativeAmount, pagedList, pageQuery, positiveAmount, serialIdParam, uid } from '../common.js';
import { uploadAddress } from './uploads.js';

/**
 * A user's team figures. direct_count: members who bound to them; indirect_count: members further down; team_total:
 * both together (the whole downline, the user not included). own_performance: their own qualifying purchases;
 * team_performance: the whole downline's. large_area: the largest direct branch (a direct member's own plus team
 * performance); small_area: team_performance − large_area.
 */
export const teamFigures = z.object({
  direct_count: z.int(),
  indirect_count: z.int(),
  team_total: z.int(),
  own_performance: amountString,
  team_performance: amountString,
  large_area: amountString,
  small_area: amountString,
});
export type TeamFigures = z.infer<typeof teamFigures>;

/** Level numbers: V0 is the level everyone starts at. */
export const MAX_LEVEL = 100;
export const levelNumber = z.int().check(z.gte(0)).check(z.lte(MAX_LEVEL));
export const LEVEL_NAME_MAX_LENGTH = 30;

/** One threshold of a level and the caller's progress toward it. */
const amountProgress = z.object({ required: amountString, current: amountString, met: z.boolean() });
const countProgress = z.object({ required: z.int(), current: z.int(), met: z.boolean() });

/** The next level and what it takes; null at the top level. `holding` is null when the level asks no holding. */
export const nextLevel = z.object({
  level: z.int(),
  name: z.string(),
  small_area: amountProgress,
  direct_count: countProgress,
  holding: z.nullable(z.extend(amountProgress, { asset: assetKey })),
});

/** GET /api/project/community: my figures, my level and the way to the next one. */
export const myCommunity = endpoint('GET /api/project/community', 'user', {
  response: z.object({
    uid,
    level: z.int(),
    level_name: z.string(),
    /** Flagged a leader by an operator: the page shows the leader area (and only then asks POST /api/leader/info). */
    leader: z.boolean(),
    figures: teamFigures,
    next_level: z.nullable(nextLevel),
  }),
});

/** The remark a user keeps on a member of their team: private, only they see it. Empty clears it. */
export const REMARK_MAX_LENGTH = 50;
export const remarkText = freeText(REMARK_MAX_LENGTH, { min: 0 });

/** The contact line a member shows their team (a leader sees it): a WeChat id, a phone, a short note. Empty clears it. */
export const CONTACT_MAX_LENGTH = 60;
export const contactText = freeText(CONTACT_MAX_LENGTH, { min: 0 });

/** A member of the caller's team as the team lists show them. */
export const teamMember = z.object({
  uid,
  nickname: z.string(),
  avatar: z.nullable(uploadAddress),
  /** When they joined the platform (their account's creation). */
  joined_at: z.string(),
  level: z.int(),
  level_name: z.string(),
  /** Generations below the caller: 1 = direct. */
  depth: z.int(),
  figures: teamFigures,
  /** The caller's private remark on them; null when none. */
  remark: z.nullable(z.string()),
});
export type TeamMember = z.infer<typeof teamMember>;

/** Direct members, newest first. */
export const childrenList = endpoint('GET /api/user/childrenList', 'user', {
  query: pageQuery,
  response: pagedList(teamMember),
});

/** The user/spread page's list: the same direct members (the legacy page asks this path). */
export const spreadList = endpoint('GET /api/user/spread/list', 'user', {
  query: pageQuery,
  response: pagedList(teamMember),
});

/** Indirect members (depth ≥ 2), nearest generation first, then newest; `depth` narrows to one generation. */
export const subSpreadList = endpoint('GET /api/user/subSpreadList', 'user', {
  query: z.extend(pageQuery, { depth: z.optional(z.coerce.number().check(z.int()).check(z.gte(2)).check(z.lte(1_000_000))) }),
  response: pagedList(teamMember),
});

/** Path params naming a user: a positive uid within the users table's range. */
export const uidParams = z.object({ id: serialIdParam });

/** My private remark on a member of my team; anyone outside it is refused (NOT_IN_TEAM). */
export const setRemark = endpoint('POST /api/user/remark/:id', 'user', {
  params: uidParams,
  body: z.strictObject({ remark: remarkText }),
  response: z.object({ uid, remark: z.nullable(z.string()) }),
});

/** How I appear to my team: my contact line (community/setInfo; nickname and avatar are user/setInfo's). */
export const getContact = endpoint('GET /api/community/contact', 'user', {
  response: z.object({ contact: z.nullable(z.string()) }),
});

export const setContact = endpoint('POST /api/community/contact', 'user', {
  body: z.strictObject({ contact: contactText }),
  response: z.object({ contact: z.nullable(z.string()) }),
});

// ───────────────────────────── leaders ─────────────────────────────

/** A member as their leader sees them: the team view plus their contact line. */
export const leaderMember = z.extend(teamMember, { contact: z.nullable(z.string()), referrer_uid: z.nullable(uid) });
export type LeaderMember = z.infer<typeof leaderMember>;

/**
 * The leader's page: their own settings (the contact line they show; the cards' order split is at
 * GET /api/cards/split-settings) and their team's summary: figures, level, and members per level.
 * Anyone not flagged a leader is refused (NOT_LEADER).
 */
export const leaderInfo = endpoint('POST /api/leader/info', 'user', {
  body: z.optional(z.strictObject({})),
  response: z.object({
    uid,
    nickname: z.string(),
    avatar: z.nullable(uploadAddress),
    contact: z.nullable(z.string()),
    level: z.int(),
    level_name: z.string(),
    figures: teamFigures,
    members_by_level: z.array(z.object({ level: z.int(), name: z.string(), count: z.int() })),
  }),
});

/** The leader's whole team (every depth), nearest first then newest; `level` narrows to one level. NOT_LEADER otherwise. */
export const leaderUsers = endpoint('GET /api/leader/users', 'user', {
  query: z.extend(pageQuery, { level: z.optional(z.coerce.number().check(z.int()).check(z.gte(0)).check(z.lte(MAX_LEVEL))) }),
  response: pagedList(leaderMember),
});

/** One member of the leader's team; a uid outside it is refused (NOT_IN_TEAM), a non-leader NOT_LEADER. */
export const leaderUser = endpoint('GET /api/leader/user/:uid', 'user', {
  params: z.object({ uid: uidParams.shape.id }),
  response: leaderMember,
});

// ───────────────────────────── operators ─────────────────────────────

/** A level of the operator's table: a user holds the highest level whose every threshold they meet. */
export const communityLevel = z.object({
  level: z.int(),
  name: z.string(),
  min_small_area: amountString,
  min_direct: z.int(),
  /** The asset whose balance must reach min_holding; null for no holding threshold. */
  holding_asset: z.nullable(assetKey),
  min_holding: amountString,
});
export type CommunityLevel = z.infer<typeof communityLevel>;

const levelFields = {
  name: freeText(LEVEL_NAME_MAX_LENGTH),
  min_small_area: nonNegativeAmount,
  min_direct: z.int().check(z.gte(0)).check(z.lte(1_000_000)),
  holding_asset: z.nullable(assetKey),
  min_holding: nonNegativeAmount,
};

export const adminListLevels = endpoint('GET /api/admin/community/levels', 'admin', {
  response: z.object({ list: z.array(communityLevel) }),
});

/**
 * Creates or replaces level `:level` (audited). V0 keeps zero thresholds (everyone holds it). Every user's
 * level is recomputed in the same transaction.
 */
export const adminPutLevel = endpoint('POST /api/admin/community/levels/:level', 'admin', {
  params: z.object({ level: z.coerce.number().check(z.int()).check(z.gte(0)).check(z.lte(MAX_LEVEL)) }),
  body: z.strictObject(levelFields),
  response: communityLevel,
});

/** Removes level `:level` (not V0; audited); every user's level is recomputed. */
export const adminDeleteLevel = endpoint('DELETE /api/admin/community/levels/:level', 'admin', {
  params: z.object({ level: z.coerce.number().check(z.int()).check(z.gte(1)).check(z.lte(MAX_LEVEL)) }),
  response: z.object({ list: z.array(communityLevel) }),
});

export const PURCHASE_KIND_KEYS = ['card_starter', 'card_market', 'miner', 'pledge'] as const;
export const purchaseKind = z.enum(PURCHASE_KIND_KEYS);

export const qualifyingRulesView = z.object({
  /** Whether a purchase of a counting kind needs a bound referrer first (decision 119; on unless set off). */
  referrer_required: z.boolean(),
  kinds: z.array(z.object({ kind: purchaseKind, counts: z.boolean() })),
  /** USDT-equivalent value of one unit of each paying asset; an asset not listed counts for nothing. */
  assets: z.array(z.object({ asset: assetKey, factor: amountString })),
});

export const adminQualifying = endpoint('GET /api/admin/community/qualifying', 'admin', {
  response: qualifyingRulesView,
});

/** Whether a kind of purchase counts (audited); it applies to purchases processed after the change. */
export const adminSetQualifyingKind = endpoint('POST /api/admin/community/qualifying/kinds/:kind', 'admin', {
  params: z.object({ kind: purchaseKind }),
  body: z.strictObject({ counts: z.boolean() }),
  response: qualifyingRulesView,
});

/**
 * Whether purchases that pay referral rewards (the counting kinds) need a bound referrer first (audited; decision
 * 119). A change of terms: operators ask, an administrator approves.
 */
export const adminSetReferrerRule = endpoint('POST /api/admin/community/qualifying/referrer', 'admin', {
  body: z.strictObject({ required: z.boolean() }),
  response: qualifyingRulesView,
});

/** An asset's performance factor (audited); null stops the asset counting. */
export const adminSetPerformanceAsset = endpoint('POST /api/admin/community/qualifying/assets/:asset', 'admin', {
  params: z.object({ asset: assetKey }),
  body: z.strictObject({ factor: z.nullable(positiveAmount) }),
  response: qualifyingRulesView,
});

/** A user's figures and level for operators (support questions). */
export const adminUserFigures = endpoint('GET /api/admin/community/users/:id', 'admin', {
  params: uidParams,
  response: z.object({ uid, level: z.int(), leader: z.boolean(), figures: teamFigures }),
});
