// Shared by the load workers (exchange-load.mjs, responsiveness-load.mjs): autocannon connections that each
// act as one signed-in user, and a tally of the refusals they are answered.

/**
 * `asUser` is autocannon's `setupRequest`: its context is per connection, so the first request of a connection
 * picks that user's token. `tally` is `onResponse`: it counts refusal codes (HTTP 200 with status 400 is a
 * refusal) into `refusals`.
 */
export function signedInLoad(tokens) {
  let next = 0;
  const refusals = {};
  const asUser = (request, context) => {
    context.token ??= tokens[next++ % tokens.length];
    return { ...request, headers: { 'content-type': 'application/json', authorization: `Bearer ${context.token}` } };
  };
  const tally = (_status, body) => {
    try {
      const parsed = JSON.parse(body);
      if (parsed.status !== 200) refusals[parsed.data?.code ?? parsed.status] = (refusals[parsed.data?.code ?? parsed.status] ?? 0) + 1;
    } catch {
      refusals.unparsable = (refusals.unparsable ?? 0) + 1;
    }
  };
  return { asUser, tally, refusals };
}
