/**
 * Every admin write of the contract, classified (decision 092): what kind of action it is, who may do it alone, who may
 * only ask for it (a second administrator approves), what value it can create or release, whom it pays and whom it acts
 * on. The registrar refuses to register an admin write that is not here, and a unit test lists the contract's admin
 * writes against this table, so a new one cannot slip through unclassified.
 */
import type * as z from 'zod/mini';
import {
  airdropsApi,
  cardsApi,
  clockApi,
  communityApi,
  consoleApi,
  contentApi,
  depositsApi,
  gamesApi,
  ledgerApi,
  liabilitiesApi,
  reconciliationApi,
  marketApi,
  miningApi,
  pledgeApi,
  rewardsApi,
  shareApi,
  shopApi,
  toUnits,
  withdrawalsApi,
  type Endpoint,
  type OperatorRole,
} from '@reef/contract';
import type { Executor } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import * as repo from './policy.repository.js';

/**
 * value: creates or releases money (a credit, a payout, a refund, a pool's reserves, prizes); terms: changes what users
 * will be paid (prices, yields, rates, rules); review: decides a user's request without paying them more than they
 * asked for; access: acts on a person (freeze, sessions, roles); config: anything else.
 */
export const ACTION_KINDS = ['value', 'terms', 'review', 'access', 'config'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

type Infer<T> = T extends z.ZodMiniType ? z.output<T> : undefined;
export interface ActionInput<E extends Endpoint = Endpoint> {
  params: Infer<E['params']>;
  body: Infer<E['body']>;
}

/** An amount in units (10^-8); `unbounded` when the action pays whoever qualifies, with no total known in advance. */
export type ActionValue = bigint | 'unbounded' | null;

export interface Targets {
  userIds?: readonly number[];
  accounts?: readonly string[];
}

export interface ActionPolicy<E extends Endpoint = Endpoint> {
  kind: ActionKind;
  /** Roles that may do it alone (up to the four-eyes amount for value). */
  alone: readonly OperatorRole[];
  /** Roles that may only ask for it: the request waits for a second administrator. */
  withApproval: readonly OperatorRole[];
  value?: (db: Executor, input: ActionInput<E>) => Promise<ActionValue>;
  /** The users it pays or whose own request it decides: none may be the one who asks or approves. */
  beneficiaries?: (db: Executor, input: ActionInput<E>) => Promise<readonly number[]>;
  /** The people it acts on: none may hold a higher role than the one who acts. */
  targets?: (input: ActionInput<E>) => Targets;
  /** The ledger adjustment keeps its own four-eyes queue (decision 084): the amount rule is applied by its route. */
  ownQueue?: true;
}

const ADMIN = ['administrator'] as const satisfies readonly OperatorRole[];
const ADMIN_AND_OPERATOR = ['administrator', 'operator'] as const satisfies readonly OperatorRole[];
const NOBODY: readonly OperatorRole[] = [];

/** Administrators alone; operators ask and a second administrator approves. */
const moneyRoles = { alone: ADMIN, withApproval: ['operator'] as const };
const consoleRoles = { alone: ADMIN_AND_OPERATOR, withApproval: NOBODY };
const adminOnly = { alone: ADMIN, withApproval: NOBODY };

function units(amount: string | null | undefined): bigint {
  return amount ? toUnits(amount) : 0n;
}

function owned(find: (db: Executor, id: number) => Promise<repo.Owned | undefined>) {
  const row = async (db: Executor, id: number) => {
    const found = await find(db, id);
    if (!found) throw new DomainError('NOT_FOUND');
    return found;
  };
  return {
    value: async (db: Executor, input: { params: { id: number } }) => units((await row(db, input.params.id)).amount),
    beneficiaries: async (db: Executor, input: { params: { id: number } }) => [(await row(db, input.params.id)).userId],
  };
}

const depositOwner = owned(repo.depositOwner);
const withdrawalOwner = owned(repo.withdrawalOwner);
const cardOrderOwner = owned(repo.cardOrderOwner);

function on<E extends Endpoint>(endpoint: E, policy: ActionPolicy<E>): [E, ActionPolicy] {
  return [endpoint, policy as unknown as ActionPolicy];
}

const entries: [Endpoint, ActionPolicy][] = [
  // ---- value: creates or releases money
  on(ledgerApi.adminAdjust, {
    kind: 'value',
    ...adminOnly,
    ownQueue: true,
    value: async (_, { body }) => {
      const amount = toUnits(body.amount);
      return amount < 0n ? -amount : amount;
    },
    beneficiaries: async (_, { body }) => [body.uid],
  }),
  on(airdropsApi.adminCreateAirdrop, {
    kind: 'value',
    ...moneyRoles,
    value: async (_, { body }) => (body.addresses ? units(body.amount) * BigInt(body.addresses.length) : 'unbounded'),
    beneficiaries: (db, { body }) => repo.userIdsOf(db, body.addresses ?? []),
  }),
  on(airdropsApi.adminSetAirdropRules, {
    kind: 'value',
    ...moneyRoles,
    value: async (db, { params, body }) => {
      const found = await repo.campaign(db, params.id);
      if (!found) throw new DomainError('NOT_FOUND');
      const list = body.addresses === undefined ? found.accounts : (body.addresses ?? []);
      return list.length === 0 ? 'unbounded' : units(found.amount) * BigInt(list.length);
    },
    beneficiaries: async (db, { params, body }) => {
      const list = body.addresses === undefined ? ((await repo.campaign(db, params.id))?.accounts ?? []) : (body.addresses ?? []);
      return repo.userIdsOf(db, list);
    },
  }),
  on(gamesApi.adminSetRaffle, {
    kind: 'value',
    ...moneyRoles,
    // Every spin can pay the largest segment: that is what one spin can create.
    value: async (_, { body }) => (body.segments ? body.segments.reduce((max, s) => (units(s.amount) > max ? units(s.amount) : max), 0n) : null),
  }),
  on(gamesApi.adminGrantSpins, { kind: 'value', ...moneyRoles, beneficiaries: async (_, { body }) => [body.uid] }),
  on(marketApi.adminCreateLake, {
    kind: 'value',
    ...moneyRoles,
    value: async (_, { body }) => units(body.reserve_base) + units(body.reserve_quote),
  }),
  on(depositsApi.adminApproveDeposit, { kind: 'value', ...moneyRoles, ...depositOwner }),
  on(withdrawalsApi.adminApproveWithdrawal, { kind: 'value', ...moneyRoles, ...withdrawalOwner }),
  on(withdrawalsApi.adminResolveWithdrawal, { kind: 'value', ...moneyRoles, ...withdrawalOwner }),
  on(cardsApi.adminCancelOrder, { kind: 'value', ...moneyRoles, ...cardOrderOwner }),

  // ---- terms: what users will be paid
  on(marketApi.adminUpdateLake, { kind: 'terms', ...moneyRoles }),
  on(cardsApi.adminCreateCardType, { kind: 'terms', ...moneyRoles }),
  on(cardsApi.adminUpdateCardType, { kind: 'terms', ...moneyRoles }),
  on(cardsApi.adminCreateSchedule, { kind: 'terms', ...moneyRoles }),
  on(cardsApi.adminUpdateSchedule, { kind: 'terms', ...moneyRoles }),
  on(cardsApi.adminCreateSession, { kind: 'terms', ...moneyRoles }),
  on(cardsApi.adminUpdateSession, { kind: 'terms', ...moneyRoles }),
  on(cardsApi.adminSetSplitDefault, { kind: 'terms', ...moneyRoles }),
  on(cardsApi.adminSetLeader, { kind: 'terms', ...adminOnly, beneficiaries: async (_, { params }) => [params.id] }),
  on(miningApi.adminCreateMiningProduct, { kind: 'terms', ...moneyRoles }),
  on(miningApi.adminEditMiningProduct, { kind: 'terms', ...moneyRoles }),
  on(pledgeApi.adminCreatePledgeProduct, { kind: 'terms', ...moneyRoles }),
  on(pledgeApi.adminEditPledgeProduct, { kind: 'terms', ...moneyRoles }),
  on(rewardsApi.adminSetRewardRule, { kind: 'terms', ...moneyRoles }),
  on(communityApi.adminPutLevel, { kind: 'terms', ...moneyRoles }),
  on(communityApi.adminDeleteLevel, { kind: 'terms', ...moneyRoles }),
  on(communityApi.adminSetPerformanceAsset, { kind: 'terms', ...moneyRoles }),
  on(communityApi.adminSetQualifyingKind, { kind: 'terms', ...moneyRoles }),
  // Who may buy what pays referral rewards (decision 119): the terms of those purchases.
  on(communityApi.adminSetReferrerRule, { kind: 'terms', ...moneyRoles }),
  on(gamesApi.adminSetGameSettings, { kind: 'terms', ...moneyRoles }),

  // ---- review: decides a user's own request, pays nothing beyond it
  on(depositsApi.adminRejectDeposit, { kind: 'review', ...consoleRoles, beneficiaries: depositOwner.beneficiaries }),
  on(withdrawalsApi.adminRejectWithdrawal, { kind: 'review', ...consoleRoles, beneficiaries: withdrawalOwner.beneficiaries }),
  on(consoleApi.adminApproveAdjustment, {
    kind: 'review',
    ...adminOnly,
    beneficiaries: async (db, { params }) => {
      const userId = await repo.adjustmentBeneficiary(db, params.id);
      return userId === undefined ? [] : [userId];
    },
  }),
  on(consoleApi.adminRejectAdjustment, { kind: 'review', ...adminOnly }),
  // The queue checks the requester and the stored beneficiaries itself (approvals.service.ts).
  on(consoleApi.adminApproveRequest, { kind: 'review', ...adminOnly }),
  on(consoleApi.adminRejectRequest, { kind: 'review', ...adminOnly }),

  // ---- access: acts on a person
  on(consoleApi.adminFreezeUser, { kind: 'access', ...consoleRoles, targets: ({ params }) => ({ userIds: [params.id] }) }),
  on(consoleApi.adminRevokeSessions, { kind: 'access', ...consoleRoles, targets: ({ params }) => ({ userIds: [params.id] }) }),
  on(consoleApi.adminGrantRole, { kind: 'access', ...adminOnly, targets: ({ body }) => ({ accounts: [body.account] }) }),
  on(consoleApi.adminRevokeRole, { kind: 'access', ...adminOnly, targets: ({ body }) => ({ accounts: [body.account] }) }),

  // ---- config: pays nobody more
  on(consoleApi.adminSetFourEyes, { kind: 'config', ...adminOnly }),
  on(consoleApi.adminSetPolicySettings, { kind: 'config', ...adminOnly }),
  on(clockApi.setClock, { kind: 'config', ...adminOnly }),
  // Pausing, closing or taking off sale only stops payments and sales; opening a session sells on terms already set.
  on(miningApi.adminPauseMiner, { kind: 'config', ...consoleRoles }),
  on(miningApi.adminSetMiningProductStatus, { kind: 'config', ...consoleRoles }),
  on(pledgeApi.adminSetPledgeProductStatus, { kind: 'config', ...consoleRoles }),
  on(cardsApi.adminOpenSession, { kind: 'config', ...consoleRoles }),
  on(cardsApi.adminCloseSession, { kind: 'config', ...consoleRoles }),
  // Shop prices are what users pay in points, not what they are paid; shipping delivers what was paid for.
  on(shopApi.adminCreateGoods, { kind: 'config', ...consoleRoles }),
  on(shopApi.adminEditGoods, { kind: 'config', ...consoleRoles }),
  on(shopApi.adminShipOrder, { kind: 'config', ...consoleRoles }),
  on(contentApi.adminCreateArticle, { kind: 'config', ...consoleRoles }),
  on(contentApi.adminUpdateArticle, { kind: 'config', ...consoleRoles }),
  on(shareApi.adminSetShare, { kind: 'config', ...consoleRoles }),
  on(shareApi.adminClearShare, { kind: 'config', ...consoleRoles }),
  // A proof-of-liabilities snapshot publishes what users hold; it moves nothing (decision 098).
  on(liabilitiesApi.adminTakeSnapshot, { kind: 'config', ...consoleRoles }),
  // Reconciliation only reads the books and the chain and stores its findings (decision 097).
  on(reconciliationApi.adminRunReconciliation, { kind: 'config', alone: ['administrator', 'auditor'], withApproval: NOBODY }),
];

export const actionName = (e: Pick<Endpoint, 'method' | 'path'>) => `${e.method} ${e.path}`;

export const POLICY_TABLE: ReadonlyMap<string, ActionPolicy> = new Map(entries.map(([e, p]) => [actionName(e), p]));

/** The classified endpoints themselves, for the test matrix and the decision record's table. */
export const CLASSIFIED_ENDPOINTS: readonly Endpoint[] = entries.map(([e]) => e);

/** The policy of an admin write; throws for one nobody classified, so such a route never starts. */
export function policyOf(endpoint: Pick<Endpoint, 'method' | 'path'>): ActionPolicy {
  const policy = POLICY_TABLE.get(actionName(endpoint));
  if (!policy) throw new Error(`admin write ${actionName(endpoint)} is not classified in modules/policy/policy-table.ts (decision 092)`);
  return policy;
}
