// Shared by the load workers (exchange-load.mjs, responsiveness-load.mjs): autocannon with one connection per
// signed-in user, and a tally of the refusals they are answered.
import autocannon from 'autocannon';

/**
 * Runs `requests` (method, path, body) for `duration` seconds over one connection per token and resolves
 * autocannon's result with `refusals`: the refusal codes seen (HTTP 200 with status 400 is a refusal). With
 * `idempotencyKeys`, every request carries a fresh Idempotency-Key, as the web app's money forms send one. With
 * `rate`, the users together send that many requests a second (autocannon's overallRate), and the latencies are
 * corrected for coordinated omission: a request the server's slowness kept from being sent counts as waiting.
 */
export async function signedInLoad({ url, tokens, duration, requests, idempotencyKeys = false, rate = 0 }) {
  let next = 0;
  let sent = 0;
  const refusals = {};
  /** autocannon's context is per connection: the first request of a connection picks that user's token. */
  const asUser = (request, context) => {
    context.token ??= tokens[next++ % tokens.length];
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${context.token}` };
    if (idempotencyKeys) headers['idempotency-key'] = `bench-${process.pid}-${sent++}`;
    return { ...request, headers };
  };
  const tally = (_status, body) => {
    try {
      const parsed = JSON.parse(body);
      if (parsed.status !== 200) refusals[parsed.data?.code ?? parsed.status] = (refusals[parsed.data?.code ?? parsed.status] ?? 0) + 1;
    } catch {
      refusals.unparsable = (refusals.unparsable ?? 0) + 1;
    }
  };
  const result = await autocannon({
    url,
    connections: tokens.length,
    duration,
    ...(rate ? { overallRate: rate } : {}),
    requests: requests.map((request) => ({ ...request, setupRequest: asUser, onResponse: tally })),
  });
  return { ...result, refusals };
}
