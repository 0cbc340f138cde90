// Load for the points-shop bench (shop-bench.ts), run in its own process. `steady`: autocannon, one connection per
// signed-in user, each placing an order for one piece of the goods and paying it with the transaction password
// (the payment with its own Idempotency-Key, as the order page sends one), over and over; prints autocannon's JSON
// result, the refusals seen and each step's latency. `burst`: every user at once places one order and pays it;
// prints how each ended, each order-and-pay's latency and when the last one was answered.
import autocannon from 'autocannon';

const [role, raw] = process.argv.slice(2);
const { url, tokens, goodsId, password, duration } = JSON.parse(raw);

const percentile = (sorted, p) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]) : NaN);
const summary = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: Math.round(sorted.at(-1) ?? NaN) };
};
const codeOf = (body) => {
  try {
    const parsed = JSON.parse(body);
    return parsed.status === 200 ? null : String(parsed.data?.code ?? parsed.status);
  } catch {
    return 'unparsable';
  }
};

if (role === 'steady') {
  let next = 0;
  let keys = 0;
  const refusals = {};
  const latencies = { order: [], pay: [] };
  const refuse = (code) => (refusals[code] = (refusals[code] ?? 0) + 1);
  const headers = (context) => ({ 'content-type': 'application/json', authorization: `Bearer ${context.token}` });
  const result = await autocannon({
    url,
    connections: tokens.length,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/api/point/order',
        body: JSON.stringify({ goods_id: goodsId, quantity: 1 }),
        setupRequest: (request, context) => {
          context.token ??= tokens[next++ % tokens.length];
          context.sentAt = performance.now();
          return { ...request, headers: headers(context) };
        },
        onResponse: (_status, body, context) => {
          latencies.order.push(performance.now() - context.sentAt);
          const code = codeOf(body);
          context.orderId = code === null ? JSON.parse(body).data.id : undefined;
          if (code !== null) refuse(code);
        },
      },
      {
        method: 'POST',
        body: JSON.stringify({ password }),
        // No order placed: back to the first request (autocannon restarts the sequence on a falsy value).
        setupRequest: (request, context) => {
          if (context.orderId === undefined) return null;
          context.sentAt = performance.now();
          return { ...request, path: `/api/point/pay/id/${context.orderId}`, headers: { ...headers(context), 'idempotency-key': `bench-shop-${keys++}` } };
        },
        onResponse: (_status, body, context) => {
          latencies.pay.push(performance.now() - context.sentAt);
          const code = codeOf(body);
          if (code !== null) refuse(code);
        },
      },
    ],
  });
  process.stdout.write(JSON.stringify({ ...result, refusals, order: summary(latencies.order), pay: summary(latencies.pay) }));
} else {
  const outcomes = {};
  const pairs = [];
  const startedAt = performance.now();
  let lastAnswerAt = startedAt;
  const post = async (path, token, body, key) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify(body),
    });
    return response.json();
  };
  await Promise.all(
    tokens.map(async (token, i) => {
      const sentAt = performance.now();
      let outcome;
      try {
        const placed = await post('/api/point/order', token, { goods_id: goodsId, quantity: 1 });
        if (placed.status !== 200) outcome = String(placed.data?.code ?? placed.status);
        else {
          const paid = await post(`/api/point/pay/id/${placed.data.id}`, token, { password }, `bench-burst-${i}`);
          outcome = paid.status === 200 ? `paid:${paid.data.order.status}` : String(paid.data?.code ?? paid.status);
        }
      } catch (error) {
        outcome = `error:${error.message}`;
      }
      lastAnswerAt = performance.now();
      pairs.push(lastAnswerAt - sentAt);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }),
  );
  process.stdout.write(JSON.stringify({ outcomes, latency: summary(pairs), allAnsweredMs: Math.round(lastAnswerAt - startedAt) }));
}
