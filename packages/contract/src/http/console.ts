/**
 * The operator console's own routes (issue 16): who is signed in with which roles, the role table, the audit log,
 * freezing a user and ending their sessions. Every other console page calls the admin routes of its module.
 */
import * as z from 'zod/mini';
import { cardsApi, chargeApi, gamesApi, marketApi, miningApi, pledgeApi, shopApi, transferApi, withdrawalsApi } from '../api-namespaces.js';
import { billLine } from './ledger.js';
import {
  address,
  amountString,
  assetKey,
  endpoint,
  freeText,
  isoTime,
  nonNegativeAmount,
  operatorRole,
  pagedList,
  pageQuery,
  sortQuery,
  serialIdParam,
  serialIdParams,
  uid,
  type Endpoint,
} from '../common.js';

/**
 * The routes that move the caller's own money out of their hands (decision 084): a frozen user is refused them with
 * ACCOUNT_FROZEN by the one place they all pass, the server's endpoint plugin. A list here, not a flag on each
 * declaration, so the mobile app's bundle, which holds those declarations, does not change (a function: unused, it
 * is dropped from that bundle).
 */
export function movesMoney(e: Endpoint): boolean {
  return (
    [
      transferApi.transfer,
      marketApi.exchange,
      withdrawalsApi.withdrawUsdt,
      withdrawalsApi.withdrawCoin,
      chargeApi.charge,
      chargeApi.chargeBnb,
      cardsApi.buyStarterCard,
      cardsApi.listCard,
      cardsApi.placeOrder,
      cardsApi.renewCard,
      miningApi.buyMiner,
      pledgeApi.lockPledge,
      shopApi.payOrder,
      gamesApi.playBlindBox,
      gamesApi.playSlot,
    ] as readonly Endpoint[]
  ).includes(e);
}

/** The signed-in operator and their roles: the console shows or disables actions by them. */
export const adminMe = endpoint('GET /api/admin/me', 'admin', {
  response: z.object({ uid, account: address, roles: z.array(operatorRole) }),
});

export const roleGrant = z.object({
  account: address,
  role: operatorRole,
  /** The user with that wallet, null while it has never signed in. */
  uid: z.nullable(uid),
  /** Granted by ADMIN_ADDRESSES / SERVICE_ADDRESSES at start (removed there, it goes at the next start). */
  seeded: z.boolean(),
  created_at: isoTime,
});
export type RoleGrant = z.infer<typeof roleGrant>;

export const adminListRoles = endpoint('GET /api/admin/roles', 'admin', { response: z.object({ list: z.array(roleGrant) }) });

const roleChange = z.strictObject({ account: address, role: operatorRole });

/** Takes effect at the holder's next request, on every process. */
export const adminGrantRole = endpoint('POST /api/admin/roles/grant', 'admin', {
  roles: ['administrator'],
  body: roleChange,
  response: z.object({ account: address, role: operatorRole, granted: z.boolean() }),
});

export const adminRevokeRole = endpoint('POST /api/admin/roles/revoke', 'admin', {
  roles: ['administrator'],
  body: roleChange,
  response: z.object({ account: address, role: operatorRole, revoked: z.boolean() }),
});

export const auditEntry = z.object({
  id: z.int(),
  /** Null for the platform's own entries (the reconciliation job, decision 097), whose account reads `system`. */
  actor: z.nullable(uid),
  actor_account: z.union([address, z.literal('system')]),
  /** The client address as the server saw it (TRUST_PROXY decides whose X-Forwarded-For counts). */
  ip: z.string(),
  /** The route as its contract declares it: `POST /api/admin/withdrawals/:id/approve`. */
  action: z.string(),
  /** The path's parameters (the row acted on). */
  target: z.unknown(),
  request: z.unknown(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: isoTime,
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** The columns the audit log sorts by (decision 090). */
export const AUDIT_SORTS = ['id', 'created_at', 'actor', 'action'] as const;

export const adminAuditLog = endpoint('GET /api/admin/audit', 'admin', {
  query: z.extend(pageQuery, {
    ...sortQuery(AUDIT_SORTS),
    actor: z.optional(serialIdParam),
    /** Part of the action, case-free: `withdrawals`, `ledger/adjust`. */
    action: z.optional(freeText(100)),
    /** Any text in the request, target, before or after values (a uid, a hash, a reason). */
    q: z.optional(freeText(100)),
    from: z.optional(z.iso.datetime({ offset: true })),
    to: z.optional(z.iso.datetime({ offset: true })),
  }),
  response: pagedList(auditEntry),
});

/** A frozen user signs in and reads but moves no money (every route `movesMoney` names answers ACCOUNT_FROZEN). */
export const adminFreezeUser = endpoint('POST /api/admin/users/:id/freeze', 'admin', {
  params: serialIdParams,
  body: z.strictObject({ frozen: z.boolean(), reason: freeText(200) }),
  response: z.object({ uid, frozen: z.boolean() }),
});

/** Ends every session of the user at once on every process; they sign in again. */
export const adminRevokeSessions = endpoint('POST /api/admin/users/:id/sessions/revoke', 'admin', {
  params: serialIdParams,
  response: z.object({ uid, revoked: z.int() }),
});

export const operatorUser = z.object({
  uid,
  account: address,
  nickname: z.string(),
  level: z.int(),
  leader: z.boolean(),
  referrer: z.nullable(uid),
  frozen: z.boolean(),
  created_at: isoTime,
});
export type OperatorUser = z.infer<typeof operatorUser>;

/** Users by uid (digits), wallet (0x…, a prefix) or nickname (a part); newest first. */
/** The columns the user list sorts by (decision 090). */
export const USER_SORTS = ['uid', 'level', 'created_at'] as const;

export const adminFindUsers = endpoint('GET /api/admin/users', 'admin', {
  query: z.extend(pageQuery, { q: z.optional(freeText(64)), ...sortQuery(USER_SORTS) }),
  response: pagedList(operatorUser),
});

export const adminUserDetail = endpoint('GET /api/admin/users/:id', 'admin', {
  params: serialIdParams,
  response: z.object({
    user: operatorUser,
    /** Direct referrals. */
    team: z.int(),
    balances: z.array(z.object({ asset: assetKey, amount: amountString })),
    roles: z.array(operatorRole),
  }),
});

/** Days the dashboard's charts cover, today included (decision 090). */
export const DASHBOARD_DAYS = 14;

const assetAmounts = z.array(z.object({ asset: assetKey, amount: amountString }));

/** The console's first page (issue 16, decisions 085 and 090). Days are UTC days, as every "today" of the server. */
export const adminDashboard = endpoint('GET /api/admin/dashboard', 'admin', {
  response: z.object({
    users_total: z.int(),
    users_new_today: z.int(),
    /** Distinct users who signed in or paid something themselves today (decision 090). */
    users_active_today: z.int(),
    /** What users paid today per asset: transfers, exchanges, miners, pledges, cards, game stakes, shop orders. */
    turnover_today: assetAmounts,
    /** What the platform owes its users: the sum of user balances per asset. */
    liabilities: assetAmounts,
    /**
     * Everything owed per asset: balances, the future output of running miners and their ripe output not yet
     * collected, pledge principal still to release and pledge interest still to pay, and their sum.
     */
    owed: z.array(
      z.object({
        asset: assetKey,
        balances: amountString,
        mining_future: amountString,
        mining_uncollected: amountString,
        pledge_principal: amountString,
        pledge_interest: amountString,
        total: amountString,
      }),
    ),
    /** The last DASHBOARD_DAYS days, oldest first, today last: sign-ups and turnover per asset of each day. */
    days: z.array(z.object({ day: z.iso.date(), new_users: z.int(), turnover: assetAmounts })),
    /** Customers waiting at the service desk (open, unclaimed). */
    desk_waiting: z.int(),
  }),
});

/** The four-eyes rule (decision 084): a balance adjustment above `above` (in the asset's units) waits for a second administrator; null: off. */
export const adminFourEyes = endpoint('GET /api/admin/settings/four-eyes', 'admin', { response: z.object({ above: z.nullable(amountString) }) });

export const adminSetFourEyes = endpoint('POST /api/admin/settings/four-eyes', 'admin', {
  roles: ['administrator'],
  body: z.strictObject({ above: z.nullable(nonNegativeAmount) }),
  response: z.object({ above: z.nullable(amountString) }),
});

export const adjustmentRequest = z.object({
  id: z.int(),
  uid,
  asset: assetKey,
  amount: amountString,
  memo: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  requested_by: uid,
  decided_by: z.nullable(uid),
  entry_id: z.nullable(z.int()),
  created_at: isoTime,
});
export type AdjustmentRequest = z.infer<typeof adjustmentRequest>;

/** The columns the adjustment requests sort by (decision 090). */
export const ADJUSTMENT_SORTS = ['id', 'uid', 'amount', 'status', 'created_at'] as const;

export const adminListAdjustmentRequests = endpoint('GET /api/admin/ledger/adjustments', 'admin', {
  query: z.object({ status: z.optional(z.enum(['pending', 'approved', 'rejected'])), ...sortQuery(ADJUSTMENT_SORTS) }),
  response: z.object({ list: z.array(adjustmentRequest) }),
});

/** A second administrator (not the one who asked) applies the waiting adjustment, once. */
export const adminApproveAdjustment = endpoint('POST /api/admin/ledger/adjustments/:id/approve', 'admin', {
  roles: ['administrator'],
  params: serialIdParams,
  response: adjustmentRequest,
});

export const adminRejectAdjustment = endpoint('POST /api/admin/ledger/adjustments/:id/reject', 'admin', {
  roles: ['administrator'],
  params: serialIdParams,
  response: adjustmentRequest,
});

/** A user's journal lines, newest first, each with its journal entry: the console's user page (issue 16). */
export const adminUserJournal = endpoint('GET /api/admin/users/:id/journal', 'admin', {
  params: serialIdParams,
  query: z.extend(pageQuery, { asset: z.optional(assetKey) }),
  response: pagedList(z.extend(billLine, { entry_id: z.int() })),
});

export const operatorSession = z.object({
  id: z.int(),
  created_at: isoTime,
  expires_at: isoTime,
  revoked_at: z.nullable(isoTime),
  /** Neither revoked nor expired: the token still signs requests in. */
  active: z.boolean(),
});

/** A user's sign-in sessions, newest first (the latest 50): what "End all sessions" ends. */
export const adminUserSessions = endpoint('GET /api/admin/users/:id/sessions', 'admin', {
  params: serialIdParams,
  response: z.object({ list: z.array(operatorSession) }),
});

/**
 * The answer of an admin write the policy holds for a second administrator (decision 092): nothing ran yet; the
 * request waits in the approvals queue under `request_id`. Sent with HTTP 202 so a client tells it from the action's
 * own answer without knowing the action.
 */
export const approvalPending = z.object({ request_id: z.int(), status: z.literal('pending') });
export type ApprovalPending = z.infer<typeof approvalPending>;

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** An admin write waiting for (or decided by) a second administrator: what was asked, by whom, for how much, for whom. */
export const approvalRequest = z.object({
  id: z.int(),
  /** The route as its contract declares it: `POST /api/admin/airdrops`. */
  action: z.string(),
  params: z.unknown(),
  body: z.unknown(),
  /** What the action can create or release, in its asset's units; null when the action has no amount (terms). */
  value: z.nullable(amountString),
  /** The users the action pays (empty when it pays whoever qualifies later). */
  beneficiaries: z.array(uid),
  status: z.enum(APPROVAL_STATUSES),
  requested_by: uid,
  decided_by: z.nullable(uid),
  /** The action's own answer once approved. */
  result: z.unknown(),
  created_at: isoTime,
  decided_at: z.nullable(isoTime),
});
export type ApprovalRequest = z.infer<typeof approvalRequest>;

export const adminListApprovals = endpoint('GET /api/admin/approvals', 'admin', {
  query: z.object({ status: z.optional(z.enum(APPROVAL_STATUSES)) }),
  response: z.object({ list: z.array(approvalRequest) }),
});

/** A second administrator (neither the requester nor a beneficiary) runs the waiting action, once, as both of them. */
export const adminApproveRequest = endpoint('POST /api/admin/approvals/:id/approve', 'admin', {
  roles: ['administrator'],
  params: serialIdParams,
  response: approvalRequest,
});

export const adminRejectRequest = endpoint('POST /api/admin/approvals/:id/reject', 'admin', {
  roles: ['administrator'],
  params: serialIdParams,
  response: approvalRequest,
});

/**
 * The segregation-of-duties settings (decision 092): how much value one console user may create or release alone
 * per UTC day (in asset units, summed over assets; null: no limit), and how long the creator of a lake may not trade in it.
 */
export const policySettings = z.object({ daily_value_limit: z.nullable(amountString), lake_cooling_off_hours: z.int() });

export const adminPolicySettings = endpoint('GET /api/admin/settings/policy', 'admin', { response: policySettings });

export const adminSetPolicySettings = endpoint('POST /api/admin/settings/policy', 'admin', {
  roles: ['administrator'],
  body: z.strictObject({
    daily_value_limit: z.nullable(nonNegativeAmount),
    lake_cooling_off_hours: z
      .int()
      .check(z.gte(0))
      .check(z.lte(24 * 365)),
  }),
  response: policySettings,
});
