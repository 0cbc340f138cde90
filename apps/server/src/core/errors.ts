/**
 * The errors domain code throws. A plain module (no Fastify) so services, repositories and the socket
 * handler depend on it without depending on the web framework; plugins/errors.ts maps them to the envelope.
 */
import type { ErrorCode, STATUS_BAD_TOKEN, STATUS_NO_TOKEN, STATUS_TOKEN_EXPIRED } from '@reef/contract';

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly details: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

/** Auth failures are not refusals: they carry the 41000x statuses the client logs out on. */
export class AuthError extends Error {
  constructor(readonly status: typeof STATUS_NO_TOKEN | typeof STATUS_BAD_TOKEN | typeof STATUS_TOKEN_EXPIRED) {
    super(`auth ${status}`);
  }
}

export class ForbiddenError extends Error {}
