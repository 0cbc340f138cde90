/**
 * Refusals raised inside the database functions (decision 034): `RAISE EXCEPTION 'reef:<ERROR_CODE>'` with
 * the details as JSON in DETAIL. This turns one back into the DomainError the TypeScript side would have
 * thrown; anything else is rethrown as it is.
 */
import { ERROR_CODES, type ErrorCode } from '@reef/contract';
import { DomainError } from '../core/errors.js';

const PREFIX = 'reef:';

interface DatabaseError {
  message?: string;
  detail?: string;
}

export function rethrowRefusal(error: unknown): never {
  // Drizzle wraps the driver's error (pg or PGlite, the same fields) as `cause`.
  const cause = ((error as { cause?: unknown }).cause ?? error) as DatabaseError;
  const code = cause.message?.startsWith(PREFIX) ? cause.message.slice(PREFIX.length) : undefined;
  if (code === undefined || !(ERROR_CODES as readonly string[]).includes(code)) throw error;
  throw new DomainError(code as ErrorCode, cause.detail ? (JSON.parse(cause.detail) as Record<string, unknown>) : {});
}

/** A statement's failure reported as data by a database function that caught it (code = SQLSTATE). */
export interface StatementFailure {
  code: string;
  message: string;
  detail: string | null;
}

/** The error a failed statement would have thrown: the refusal's DomainError, or an error with the driver's fields. */
export function errorOfFailure(failure: StatementFailure): Error {
  const error = Object.assign(new Error(failure.message), { code: failure.code, ...(failure.detail ? { detail: failure.detail } : {}) });
  try {
    rethrowRefusal(error);
  } catch (thrown) {
    return thrown as Error;
  }
}
