/**
 * Whether an error means the database cannot be reached right now (decision 128): refused or dropped connections,
 * a connection that took too long, or PostgreSQL shutting down or starting up. A request that meets one is answered
 * 503 with the envelope and SERVICE_UNAVAILABLE at once (plugins/errors.ts), and the next request tries again: the
 * pool opens fresh connections by itself, so a restarted PostgreSQL needs no restart of the server.
 */

/** Socket errors and SQLSTATEs of class 08 (connection exception) and 57P01–57P03 (shutdown, crash, starting up). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
/** node-postgres says these without a code. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout expired|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error as `cause`; a few levels are enough.
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (UNAVAILABLE_MESSAGES.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
