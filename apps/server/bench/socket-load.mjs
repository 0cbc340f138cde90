// Load generator for the chat socket benchmark, run in its own process by socket-bench.ts so the
// clients do not steal the server's CPU. Opens one socket per token, waits for every `ready`, then the
// senders post to the group at a fixed rate (open loop: a slow server does not slow the offered load).
// Each message carries its send time (this process's monotonic clock), and every member other than the
// sender records send → `chat` frame receipt. Prints one JSON object.
// Two shapes of load: a group (`groupId`, every member receives every message) or pairs (`targets`: each
// sender writes to its own friend, `fanout` 1), the latter for the stored-messages-per-second figure.
import fs from 'node:fs';
import WebSocket from 'ws';

const { url, tokens, members, senders, groupId, targets, fanout, rate, duration, drainMs } = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
/** Receipts each acknowledged message should produce (group: every other member). */
const receiptsPerMessage = fanout ?? members.length - 1;
const OPEN_CONCURRENCY = 100;

const sockets = new Array(tokens.length);
const memberSet = new Set(members);
/** uid by socket index, learned from `ready`. */
const uids = new Array(tokens.length);
const latencies = [];
let delivered = 0;
let lastReceipt = 0;
let lastAck = 0;
let duplicates = 0;
const errors = {};
const acks = new Set();
/** Per member: message ids seen, to prove exactly-once delivery. */
const seen = new Map();

function open(index) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url}?type=user&token=${tokens[index]}`);
    sockets[index] = ws;
    ws.on('error', reject);
    ws.on('close', (code) => {
      if (!closing) errors[`closed ${code}`] = (errors[`closed ${code}`] ?? 0) + 1;
    });
    ws.on('message', (raw) => {
      const frame = JSON.parse(raw.toString());
      if (frame.type === 'ready') {
        uids[index] = frame.data.uid;
        resolve();
      } else if (frame.type === 'chat') {
        const now = performance.now();
        if (!memberSet.has(index) || frame.data.from.uid === uids[index]) return;
        let ids = seen.get(index);
        if (!ids) seen.set(index, (ids = new Set()));
        if (ids.has(frame.data.id)) {
          duplicates++;
          return;
        }
        ids.add(frame.data.id);
        delivered++;
        lastReceipt = now;
        latencies.push(now - Number(frame.data.content.slice(2)));
      } else if (frame.type === 'ack') {
        acks.add(frame.data.message.id);
        lastAck = performance.now();
      } else if (frame.type === 'error') {
        errors[frame.data.code] = (errors[frame.data.code] ?? 0) + 1;
      }
    });
  });
}

let closing = false;
const connectStarted = performance.now();
for (let i = 0; i < tokens.length; i += OPEN_CONCURRENCY) {
  await Promise.all(tokens.slice(i, i + OPEN_CONCURRENCY).map((_, j) => open(i + j)));
}
const connectMs = performance.now() - connectStarted;

// The clients' heartbeat, as the app sends it (spec §9: every 10 s).
const heartbeat = setInterval(() => {
  for (const ws of sockets) ws.send('{"type":"ping"}');
}, 10_000);

let sent = 0;
const started = performance.now();
const timers = senders.map((index, n) => {
  const ws = sockets[index];
  let k = 0;
  // Senders are spread over the interval so the load is even rather than in bursts.
  const fire = () => {
    ws.send(
      JSON.stringify({
        type: 'to_chat',
        data: {
          id: targets ? targets[n] : groupId,
          to_group: !targets,
          to_user_type: 'user',
          user_type: 'user',
          msg_type: 'text',
          content: `t:${performance.now()}`,
          client_id: `bench-${index}-${k++}`,
        },
      }),
    );
    sent++;
  };
  let interval;
  const offset = setTimeout(
    () => {
      fire();
      interval = setInterval(fire, 1000 / rate);
    },
    (n * 1000) / rate / senders.length,
  );
  return () => {
    clearTimeout(offset);
    clearInterval(interval);
  };
});
await new Promise((resolve) => setTimeout(resolve, duration * 1000));
for (const stop of timers) stop();
const sendWindowMs = performance.now() - started;
// Drain: until every message is acknowledged and has reached every other member (or the time is up,
// which the caller reports as a failure), then a little longer so a duplicate would show.
const drainDeadline = performance.now() + drainMs;
while (performance.now() < drainDeadline && (acks.size < sent || delivered < acks.size * receiptsPerMessage)) {
  await new Promise((resolve) => setTimeout(resolve, 50));
}
await new Promise((resolve) => setTimeout(resolve, 300));
const elapsedMs = performance.now() - started;
clearInterval(heartbeat);

closing = true;
for (const ws of sockets) ws.close(1000);

latencies.sort((a, b) => a - b);
const pct = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : null);
process.stdout.write(
  JSON.stringify({
    clients: tokens.length,
    connectMs,
    sent,
    acked: acks.size,
    delivered,
    duplicates,
    expected: acks.size * receiptsPerMessage,
    /** From the first send to the last acknowledgement: the stored-messages-per-second window. */
    ackMs: lastAck - started,
    sendWindowMs,
    elapsedMs,
    /** From the first send to the last receipt. */
    deliveryMs: lastReceipt - started,
    p50: pct(50),
    p99: pct(99),
    max: latencies.at(-1) ?? null,
    errors,
  }),
);
