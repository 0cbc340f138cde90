/**
 * Registers a route from its contract: input is parsed with the endpoint's zod schemas (a failure is
 * 'Parameter error' and nothing runs), the handler gets typed values, and the answer is parsed with
 * the response schema so fields the contract does not declare never leave the server.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import type { Endpoint } from '@reef/contract';
import { DomainError, ForbiddenError } from '../core/errors.js';
import { ok } from './errors.js';
import type { AuthUser } from '../core/auth-user.js';

type Infer<T> = T extends z.ZodMiniType ? z.infer<T> : undefined;
type Part<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S } ? Infer<S> : undefined;

export interface HandlerContext<E extends Endpoint> {
  params: Part<E, 'params'>;
  query: Part<E, 'query'>;
  body: Part<E, 'body'>;
  user: E['auth'] extends 'none' ? AuthUser | null : AuthUser;
  request: FastifyRequest;
  reply: FastifyReply;
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
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (request, reply) => {
      let user: AuthUser | null = null;
      if (endpoint.auth !== 'none') {
        user = await app.authenticate(request);
        if (endpoint.auth === 'admin' && user.role !== 'admin') throw new ForbiddenError();
      }
      const ctx = {
        params: parse(endpoint.params, request.params),
        query: parse(endpoint.query, request.query),
        body: parse(endpoint.body, request.body),
        user,
        request,
        reply,
      } as HandlerContext<E>;
      const data = await handler(ctx);
      return ok(request, endpoint.response.parse(data));
    },
  });
}
