/**
 * Services some suites cannot run without (PostgreSQL for several processes sharing one database,
 * Redis for the fan-out between them). Locally, a missing one leaves those suites out, the way
 * `databaseKinds` leaves PostgreSQL out; in CI (CI set) a missing one fails the run loudly, because a
 * suite that silently did not run proves nothing.
 */
export function requiredService(name: 'TEST_DATABASE_URL' | 'REDIS_URL'): string | undefined {
  const value = process.env[name];
  if (!value && process.env.CI) {
    throw new Error(`${name} is not set, but CI is: the multi-node and Redis tests must run in CI. Start the service and set ${name}.`);
  }
  return value || undefined;
}
