/**
 * A loopback fake of the SMS gateway (decision 076): a real HTTP server, because the gateway is outside the system and
 * the sender is tested by what it sends over the wire. It takes `POST /send` with `{ to, text }` and the bearer token,
 * keeps every message, and can be told to fail or to take its time like a real gateway's round trip.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SmsFake {
  url: string;
  token: string;
  messages: { to: string; text: string }[];
  /** The six digits of the last message sent to `to`. */
  lastCode(to: string): string;
  /**
   * Texts leave after the answer (decision 096): waits (up to 10 s) until `to` has been sent a message after the
   * `seen` it had, and returns its code.
   */
  nextCode(to: string, seen?: number): Promise<string>;
  /** How many messages `to` has been sent. */
  sentTo(to: string): number;
  /** Answer with HTTP 503 (false: normal again). */
  fail(failing: boolean): void;
  /** Answer each request after `ms` (0: at once). */
  delay(ms: number): void;
  close(): Promise<void>;
}

export async function startSmsFake(token = 'fake-sms-token-0123'): Promise<SmsFake> {
  let failing = false;
  let delayMs = 0;
  const fake = { token, messages: [] } as unknown as SmsFake;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => void answer());
    const answer = async () => {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (request.method !== 'POST' || request.url !== '/send') return void response.writeHead(404).end();
      if (request.headers.authorization !== `Bearer ${token}`) return void response.writeHead(401).end();
      if (failing) return void response.writeHead(503).end('unavailable');
      const message = JSON.parse(body) as { to: string; text: string };
      fake.messages.push({ to: message.to, text: message.text });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}/send`;
  fake.lastCode = (to) => {
    const message = [...fake.messages].reverse().find((m) => m.to === to);
    const code = message?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code was sent to ${to}`);
    return code;
  };
  fake.sentTo = (to) => fake.messages.filter((m) => m.to === to).length;
  /** Per number, how many messages `nextCode` has handed out, so each call waits for a new one. */
  const handedOut = new Map<string, number>();
  fake.nextCode = async (to, seen = handedOut.get(to) ?? 0) => {
    const until = Date.now() + 10_000;
    while (fake.sentTo(to) <= seen) {
      if (Date.now() > until) throw new Error(`no new message reached ${to} within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    handedOut.set(to, fake.sentTo(to));
    return fake.lastCode(to);
  };
  fake.fail = (value) => (failing = value);
  fake.delay = (ms) => (delayMs = ms);
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
