import type { FastifyRequest } from 'fastify';

export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return Array.isArray(value) ? value[0] : value;
}
