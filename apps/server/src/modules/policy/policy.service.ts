/**
 * Segregation of duties (decision 092), applied by the endpoint registrar to every admin write before its handler:
 * nobody decides or benefits from their own request, a lower role never acts on a higher one, operators create no
 * value alone, value above the four-eyes amount waits for a second administrator, and a console user's value per UTC
 * day stays under the configured limit. The answer is either "run it" or "queue it".
 */
import { fromUnits, toUnits, type OperatorRole } from '@reef/contract';
import type { Database, Executor } from '../../db/client.js';
import { DomainError, ForbiddenError } from '../../core/errors.js';
import * as clock from '../../core/clock.js';
import type { AuthUser } from '../../core/auth-user.js';
import { fourEyes } from '../operators/operators.service.js';
import type { ActionInput, ActionPolicy, ActionValue } from './policy-table.js';
import * as repo from './policy.repository.js';

/** Who outranks whom: a role acts only on people whose highest role is not above its own highest. */
const RANK: Record<OperatorRole, number> = { administrator: 3, operator: 2, auditor: 1, service_agent: 1 };

export function rankOf(roles: readonly OperatorRole[]): number {
  return roles.reduce((max, role) => Math.max(max, RANK[role]), 0);
}

export type Verdict = { run: true; value: ActionValue } | { run: false; value: ActionValue; beneficiaries: number[] };

export interface PolicyContext {
  db: Database;
  /** The operator roles an account holds now (the access book). */
  rolesOf: (account: string) => Promise<readonly OperatorRole[]>;
}

const DAILY_LIMIT_KEY = 'daily_value_limit';
const COOLING_OFF_KEY = 'lake_cooling_off_hours';
export const DEFAULT_COOLING_OFF_HOURS = 24;

export async function decide(ctx: PolicyContext, policy: ActionPolicy, actor: AuthUser, input: ActionInput): Promise<Verdict> {
  const beneficiaries = [...((await policy.beneficiaries?.(ctx.db, input)) ?? [])];
  if (beneficiaries.includes(actor.id)) throw new DomainError('SELF_REVIEW_FORBIDDEN');
  if (policy.targets) await checkRank(ctx, actor, policy.targets(input));
  const value = (await policy.value?.(ctx.db, input)) ?? null;
  const alone = actor.roles.some((role) => policy.alone.includes(role));
  if (!alone) {
    if (!actor.roles.some((role) => policy.withApproval.includes(role))) throw new ForbiddenError();
    await checkDailyLimit(ctx.db, actor.id, value);
    return { run: false, value, beneficiaries };
  }
  if (policy.kind === 'value' && !policy.ownQueue && (await aboveFourEyes(ctx.db, value))) {
    await checkDailyLimit(ctx.db, actor.id, value);
    return { run: false, value, beneficiaries };
  }
  if (policy.kind === 'value') await checkDailyLimit(ctx.db, actor.id, value);
  return { run: true, value };
}

async function checkRank(ctx: PolicyContext, actor: AuthUser, targets: { userIds?: readonly number[]; accounts?: readonly string[] }) {
  const accounts = [...(targets.accounts ?? []), ...(await repo.accountsOf(ctx.db, targets.userIds ?? [])).values()];
  const own = rankOf(actor.roles);
  for (const account of accounts) {
    if (rankOf(await ctx.rolesOf(account.toLowerCase())) > own) throw new DomainError('ROLE_RANK_FORBIDDEN');
  }
}

async function aboveFourEyes(db: Executor, value: ActionValue): Promise<boolean> {
  const { above } = await fourEyes(db as Database);
  if (above === null || value === null) return false;
  return value === 'unbounded' || value > toUnits(above);
}

function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/** Unbounded value (a campaign open to everyone) counts as over any limit: its total is not known when it starts. */
async function checkDailyLimit(db: Executor, actorId: number, value: ActionValue): Promise<void> {
  const limit = await repo.readSetting(db, DAILY_LIMIT_KEY);
  if (limit === null || value === null) return;
  if (value === 'unbounded') throw new DomainError('DAILY_VALUE_LIMIT');
  const spent = toUnits(await repo.valueSince(db, actorId, startOfUtcDay(clock.now())));
  if (spent + value > toUnits(limit)) throw new DomainError('DAILY_VALUE_LIMIT');
}

/** Counts value against the day of the console user who asked for it (alone, or queued for approval). */
export async function recordValue(db: Executor, actorId: number, action: string, value: ActionValue): Promise<void> {
  if (typeof value === 'bigint' && value > 0n) await repo.logValue(db, { actorId, action, value: fromUnits(value) });
}

export async function policySettings(db: Executor) {
  const [limit, hours] = await Promise.all([repo.readSetting(db, DAILY_LIMIT_KEY), repo.readSetting(db, COOLING_OFF_KEY)]);
  return {
    daily_value_limit: limit === null ? null : fromUnits(toUnits(limit)),
    lake_cooling_off_hours: hours === null ? DEFAULT_COOLING_OFF_HOURS : Number(hours),
  };
}

export async function setPolicySettings(db: Executor, actorId: number, input: { daily_value_limit: string | null; lake_cooling_off_hours: number }) {
  await repo.writeSetting(db, DAILY_LIMIT_KEY, input.daily_value_limit, actorId);
  await repo.writeSetting(db, COOLING_OFF_KEY, String(input.lake_cooling_off_hours), actorId);
  return policySettings(db);
}

/** The cooling-off rule for a lake's creator (decision 092): refused while the period since its opening runs. */
export async function checkLakeCoolingOff(db: Executor, userId: number, lake: { id: number; createdBy: number | null; createdAt: Date }): Promise<void> {
  if (lake.createdBy !== userId && (await repo.lakeRequester(db, lake.id)) !== userId) return;
  const { lake_cooling_off_hours: hours } = await policySettings(db);
  if (clock.nowMs() < lake.createdAt.getTime() + hours * 3_600_000) throw new DomainError('LAKE_COOLING_OFF');
}
