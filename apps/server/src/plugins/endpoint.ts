/**
 * Registers a route from its contract: input is parsed with the endpoint's zod schemas (a failure is
 * 'Parameter error', or the code a check names, and nothing runs), the handler gets typed values, and the answer is parsed with
 * the response schema so fields the contract does not declare never leave the server. An admin write runs in
 * one transaction with its audit row (`runAuditedWrite`, decision 093).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import { allowedRoles, consoleApi, ERROR_CODES, type Endpoint, type ErrorCode } from '@reef/contract';
import { DomainError, ForbiddenError } from '../core/errors.js';
import { ok } from './errors.js';
import type { AuthUser } from '../core/auth-user.js';
import type { Transaction } from '../db/client.js';
import type { AuditNote } from '../modules/audit/audit.service.js';
import { AnswerAfterCommit, runAuditedWrite, type AfterCommit, type AuditedAction } from '../modules/audit/audited-write.js';
import { applyPolicy, policyFor, type ApprovalRun, type RunInput } from '../modules/policy/policy-gate.js';

type Infer<T> = T extends z.ZodMiniType ? z.infer<T> : undefined;
type Part<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S } ? Infer<S> : undefined;

/** Every change made through an admin route is audited, once for all of them (decisions 083, 093). */
type Audited<E extends Endpoint> = E['auth'] extends 'admin' ? (E['method'] extends 'GET' ? false : true) : false;

interface AuditedContext {
  /** The one transaction the change and its audit row commit in: pass it to the services, never `app.db`. */
  db: Transaction;
  /** The change as the audit log keeps it: set `before` (and `after`, else the answer is kept). */
  audit: AuditNote;
  /** Broadcasts, jobs, socket frames, cache drops and chain calls: run only once the change committed. */
  afterCommit(effect: AfterCommit): void;
  /** Who asked for what: a continuation committing a later change of the same request audits it under this. */
  action: AuditedAction;
}

export type HandlerContext<E extends Endpoint> = {
  params: Part<E, 'params'>;
  query: Part<E, 'query'>;
  body: Part<E, 'body'>;
  user: E['auth'] extends 'none' ? AuthUser | null : AuthUser;
  request: FastifyRequest;
  reply: FastifyReply;
} & (Audited<E> extends true ? AuditedContext : unknown);

type Answer<E extends Endpoint> = z.infer<E['response']>;
/** An admin write may answer after its commit (the hot-wallet payout); every other route answers with its value. */
type HandlerResult<E extends Endpoint> = Audited<E> extends true ? Answer<E> | AnswerAfterCommit<Answer<E>> : Answer<E>;

/**
 * A contract check may name the refusal a person can act on (`params.refusal`, e.g. PHONE_INVALID, decision 118), so
 * the page can say what is wrong under the field; every other failure is 'Parameter error'.
 */
function refusalOf(issues: readonly { code: string; params?: Record<string, unknown> }[]): ErrorCode {
  for (const issue of issues) {
    const named = issue.code === 'custom' ? issue.params?.refusal : undefined;
    if (typeof named === 'string' && (ERROR_CODES as readonly string[]).includes(named)) return named as ErrorCode;
  }
  return 'PARAMETER_ERROR';
}

function parse<T extends z.ZodMiniType | undefined>(schema: T, value: unknown): Infer<T> {
  if (!schema) return undefined as Infer<T>;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new DomainError(refusalOf(result.error.issues));
  return result.data as Infer<T>;
}

export function registerEndpoint<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: (ctx: HandlerContext<E>) => Promise<HandlerResult<E>>): void {
  const roles = allowedRoles(endpoint);
  const audited = endpoint.auth === 'admin' && endpoint.method !== 'GET';
  const action = `${endpoint.method} ${endpoint.path}`;
  const moneyMove = consoleApi.movesMoney(endpoint);
  // Segregation of duties (decision 092): every admin write is classified, or it does not start.
  const policy = audited ? policyFor(app, endpoint, (input, user, approval) => execute(input, user, approval)) : null;

  function auditedAction(input: RunInput, user: AuthUser, approval?: ApprovalRun): AuditedAction {
    return {
      actorId: user.id,
      actorAccount: user.account,
      ip: input.request.ip,
      action,
      target: input.params ?? null,
      // An approved request's row names both: the approver as actor, the requester here.
      request: approval ? { ...(input.body as object | undefined), approval: { id: approval.id, requested_by: approval.requested_by } } : (input.body ?? null),
    };
  }

  /** The admin write and its audit row in one transaction (decision 093); an approved request is settled in it too. */
  async function execute(input: RunInput, user: AuthUser, approval?: ApprovalRun): Promise<Answer<E>> {
    const data = await runAuditedWrite(app.db, auditedAction(input, user, approval), async (work) => {
      const answer = (await handler({ ...input, ...work } as unknown as HandlerContext<E>)) as Answer<E> | AnswerAfterCommit<Answer<E>>;
      // The answer is parsed inside the transaction: the audit row keeps what the operator is told.
      const parsed = answer instanceof AnswerAfterCommit ? answer : (endpoint.response.parse(answer) as Answer<E>);
      await approval?.settle(work.db, parsed instanceof AnswerAfterCommit ? null : parsed);
      return parsed;
    });
    return endpoint.response.parse(data) as Answer<E>;
  }

  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (request, reply) => {
      let user: AuthUser | null = null;
      if (endpoint.auth !== 'none') {
        user = await app.authenticate(request);
        // The contract's declaration says which operator roles may call an admin route (decision 082).
        if (endpoint.auth === 'admin' && !user.roles.some((role) => roles.includes(role))) throw new ForbiddenError();
        // The one place every money route passes: a frozen user reads but moves nothing (decision 084).
        if (moneyMove && user.frozen) throw new DomainError('ACCOUNT_FROZEN');
      }
      const input: RunInput = {
        params: parse(endpoint.params, request.params),
        query: parse(endpoint.query, request.query),
        body: parse(endpoint.body, request.body),
        user: user as AuthUser,
        request,
        reply,
      };
      if (!audited || !user) return ok(request, endpoint.response.parse(await handler(input as unknown as HandlerContext<E>)));
      // Held for a second administrator: nothing runs now, the caller gets the queue's typed answer with HTTP 202.
      const pending = policy ? await applyPolicy(app, policy, user, input, auditedAction(input, user)) : null;
      if (pending) {
        reply.code(202);
        return pending;
      }
      return ok(request, await execute(input, user));
    },
  });
}
