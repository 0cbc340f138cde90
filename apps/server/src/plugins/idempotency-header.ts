import type { FastifyRequest } from 'fastify';
import { checkKey } from '../modules/idempotency/idempotency.service.js';

/**
 * The request's Idempotency-Key, checked here — the one place every route reads it — so a malformed key is
 * 'Parameter error' before any work: a path that refuses early (a sold-out session's gate, a grouped writer) must not
 * answer a business refusal to a key it would never have accepted.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  const key = Array.isArray(value) ? value[0] : value;
  if (key !== undefined) checkKey(key);
  return key;
}
