/**
 * Registers a route from its contract: input is parsed with the endpoint's zod schemas (a failure is
 * 'Parameter error' and nothing runs), the handler gets typed values, and the answer is parsed with
 * the response schema so fields the contract does not declare never leave the server.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import { allowedRoles, consoleApi, type Endpoint } from '@reef/contract';
import { DomainError, ForbiddenError } from '../core/errors.js';
import { ok } from './errors.js';
import type { AuthUser } from '../core/auth-user.js';
import { record as recordAudit, type AuditNote } from '../modules/audit/audit.service.js';
import { applyPolicy, policyFor } from '../modules/policy/policy-gate.js';

type Infer<T> = T extends z.ZodMiniType ? z.infer<T> : undefined;
type Part<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S } ? Infer<S> : undefined;

export interface HandlerContext<E extends Endpoint> {
  params: Part<E, 'params'>;
  query: Part<E, 'query'>;
  body: Part<E, 'body'>;
  user: E['auth'] extends 'none' ? AuthUser | null : AuthUser;
  request: FastifyRequest;
  reply: FastifyReply;
  /** An admin route's change as the audit log keeps it: set `before` (and `after`, else the answer is kept). */
  audit: AuditNote;
}

function parse<T extends z.ZodMiniType | undefined>(schema: T, value: unknown): Infer<T> {
  if (!schema) return undefined as Infer<T>;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new DomainError('PARAMETER_ERROR');
  return result.data as Infer<T>;
}

export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: HandlerContext<E>) => Promise<z.infer<E['response']>>,
): void {
  const roles = allowedRoles(endpoint);
  // Every change made through an admin route is audited here, once for all of them (decision 083).
  const audited = endpoint.auth === 'admin' && endpoint.method !== 'GET';
  const action = `${endpoint.method} ${endpoint.path}`;
  const moneyMove = consoleApi.movesMoney(endpoint);
  // Segregation of duties (decision 092): every admin write is classified, or it does not start.
  const policy = audited ? policyFor(app, endpoint, (ctx, user, approval) => execute(ctx as HandlerContext<E>, user, approval)) : null;

  async function execute(ctx: HandlerContext<E>, user: AuthUser | null, approval?: { id: number; requested_by: number }) {
    const data = endpoint.response.parse(await handler(ctx));
    if (audited && user) {
      await recordAudit(app.db, {
        actorId: user.id,
        actorAccount: user.account,
        ip: ctx.request.ip,
        action,
        target: ctx.params ?? null,
        // An approved request's row names both: the approver as actor, the requester here.
        request: approval ? { ...(ctx.body as object | undefined), approval } : (ctx.body ?? null),
        before: ctx.audit.before ?? null,
        after: 'after' in ctx.audit ? ctx.audit.after : data,
      });
    }
    return data;
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
      const ctx = {
        params: parse(endpoint.params, request.params),
        query: parse(endpoint.query, request.query),
        body: parse(endpoint.body, request.body),
        user,
        request,
        reply,
        audit: {},
      } as HandlerContext<E>;
      // Held for a second administrator: nothing runs now, the caller gets the queue's typed answer with HTTP 202.
      const pending = policy && user ? await applyPolicy(app, policy, user, ctx) : null;
      if (pending) {
        reply.code(202);
        return pending;
      }
      const data = await execute(ctx, user);
      return ok(request, data);
    },
  });
}
