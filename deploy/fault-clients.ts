/**
 * The clients of the cluster fault test (decision 128), doing what the web app does when a node dies under it:
 * - HTTP: a request that met no answer (connection reset, the proxy's 502/503/504, a node's 500 or 503 envelope) is
 *   sent again after a short pause, money moves with the same Idempotency-Key, so a move the dead node committed is
 *   answered from its stored result instead of applied twice. Every retry is counted.
 * - Chat: a socket that closes is opened again through the proxy (so on a node still alive), what was never
 *   acknowledged is sent again with the same client id, and GET /api/chat/sync catches up from the cursor of the last
 *   `ready` or sync answer, never from a frame's id (decision 035). It waits before each attempt as the web app does
 *   (`chatSocket.reconnectDelayMs`: 2 s, spread over 3 s more after a RESYNC close). The time from close to the next
 *   `ready`, those waits included, is kept.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { chatSocket, RECONNECT_MS, type ChatMessage, type ServerFrame } from '@reef/contract';

/** What the clients saw: retries by cause, and each socket's time from close to its next `ready`. */
export class FaultStats {
  readonly retries = new Map<string, number>();
  readonly reconnectMs: number[] = [];
  /** Requests that met no answer within the client's time-out: when (ms since the epoch) and where. */
  readonly timeouts: { at: number; path: string }[] = [];

  retried(cause: string): void {
    this.retries.set(cause, (this.retries.get(cause) ?? 0) + 1);
  }

  get totalRetries(): number {
    return [...this.retries.values()].reduce((a, b) => a + b, 0);
  }
}

export interface Envelope {
  status: number;
  msg: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary envelopes
  data: any;
}

const RETRY_PAUSE_MS = 150;
const GIVE_UP_AFTER_MS = 90_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One API call through the proxy, again and again until it meets an answer that is the application's (an envelope
 * with any status but 500/503). POSTs carry `key` as their Idempotency-Key on every attempt.
 */
export async function callRetrying(
  origin: string,
  stats: FaultStats,
  request: { method: 'GET' | 'POST'; path: string; token?: string; body?: unknown; key?: string },
): Promise<Envelope> {
  const deadline = Date.now() + GIVE_UP_AFTER_MS;
  for (;;) {
    let cause: string;
    try {
      const response = await fetch(`${origin}${request.path}`, {
        method: request.method,
        headers: {
          ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(request.key ? { 'idempotency-key': request.key } : {}),
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      if (response.status === 502 || response.status === 504) cause = `proxy ${response.status}`;
      else {
        let envelope: Envelope | null = null;
        try {
          envelope = JSON.parse(text) as Envelope;
        } catch {
          envelope = null;
        }
        if (envelope === null || typeof envelope.status !== 'number') cause = `HTTP ${response.status} without the envelope`;
        else if (envelope.status === 500 || envelope.status === 503) cause = `envelope ${envelope.status}`;
        else return envelope;
      }
    } catch (error) {
      cause = `transport: ${(error as Error).name}`;
      if ((error as Error).name === 'TimeoutError') stats.timeouts.push({ at: Date.now(), path: request.path.replace(/\d+/g, ':n') });
    }
    stats.retried(cause);
    if (Date.now() > deadline) throw new Error(`${request.method} ${request.path} met no answer for ${GIVE_UP_AFTER_MS} ms (last: ${cause})`);
    await pause(RETRY_PAUSE_MS);
  }
}

const toChat = (to: number, content: string, clientId: string) => ({
  type: 'to_chat',
  data: { id: to, to_group: false, to_user_type: 'user', user_type: 'user', msg_type: 'text', content, client_id: clientId },
});

/** One chat member writing to one friend through the proxy, reconnecting and catching up like the web app. */
export class ChatMember {
  /** Messages from the friend that reached this member, live or by a catch-up, by id. */
  readonly received = new Map<number, ChatMessage>();
  /** client id → stored id of every message of this member the server acknowledged. */
  readonly acknowledged = new Map<string, number>();
  private readonly unacknowledged = new Map<string, string>();
  private socket: WebSocket | null = null;
  /** The catch-up cursor: the first `ready`'s last_message_id, then each sync answer's newest id. */
  private cursor: number | null = null;
  private stopping = false;
  private reconnecting: Promise<void> | null = null;
  reconnects = 0;

  constructor(
    private readonly origin: string,
    readonly user: { uid: number; token: string },
    readonly friendUid: number,
    private readonly stats: FaultStats,
  ) {}

  /** Opens the socket through the proxy; after the first time, catches up. `onReady` is told when `ready` arrived. */
  async connect(onReady?: () => void): Promise<void> {
    const url = new URL(chatSocket.CHAT_SOCKET_PATH, this.origin.replace(/^http/, 'ws'));
    url.searchParams.set('type', 'user');
    url.searchParams.set('token', this.user.token);
    url.searchParams.set('lang', 'en-us');
    const ws = new WebSocket(url);
    const ready = new Promise<number>((resolve, reject) => {
      ws.once('error', reject);
      ws.once('close', (code) => reject(new Error(`closed ${code} before ready`)));
      ws.on('message', (raw) => {
        const frame = chatSocket.serverFrame.parse(JSON.parse(raw.toString())) as ServerFrame;
        if (frame.type === 'ready') resolve(frame.data.last_message_id);
        else this.take(frame);
      });
    });
    const lastMessageId = await ready;
    onReady?.();
    ws.removeAllListeners('error');
    ws.removeAllListeners('close');
    ws.on('error', () => undefined);
    ws.on('close', (code) => this.lost(ws, code));
    this.socket = ws;
    if (this.cursor === null) this.cursor = lastMessageId;
    else await this.catchUp();
    if (ws.readyState !== WebSocket.OPEN) return;
    for (const [clientId, content] of this.unacknowledged) ws.send(JSON.stringify(toChat(this.friendUid, content, clientId)));
  }

  /** Writes one message; it counts once the server acknowledged it (perhaps after a reconnect and a resend). */
  send(content: string): void {
    const clientId = `f${randomUUID().replaceAll('-', '')}`;
    this.unacknowledged.set(clientId, content);
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(toChat(this.friendUid, content, clientId)));
  }

  get pending(): number {
    return this.unacknowledged.size;
  }

  /** Fetches everything stored after the cursor (through the proxy, retrying) and moves the cursor to its end. */
  async catchUp(): Promise<void> {
    for (let more = true; more;) {
      const answer = await callRetrying(this.origin, this.stats, { method: 'GET', path: `/api/chat/sync?after=${this.cursor ?? 0}`, token: this.user.token });
      if (answer.status !== 200) throw new Error(`sync refused: ${answer.msg}`);
      for (const message of answer.data.list as ChatMessage[]) {
        this.takeMessage(message);
        this.cursor = Math.max(this.cursor ?? 0, message.id);
      }
      more = answer.data.has_more;
    }
  }

  /** Every message of this member's conversation stored on the server, from the start. */
  async everything(): Promise<ChatMessage[]> {
    const all: ChatMessage[] = [];
    for (let more = true; more;) {
      const answer = await callRetrying(this.origin, this.stats, {
        method: 'GET',
        path: `/api/chat/sync?after=${all.at(-1)?.id ?? 0}`,
        token: this.user.token,
      });
      all.push(...(answer.data.list as ChatMessage[]));
      more = answer.data.has_more;
    }
    return all;
  }

  async close(): Promise<void> {
    this.stopping = true;
    await this.reconnecting;
    const ws = this.socket;
    if (!ws || ws.readyState === WebSocket.CLOSED) return;
    const closed = new Promise((resolve) => ws.once('close', resolve));
    ws.close(1000);
    await closed;
  }

  private take(frame: ServerFrame): void {
    if (frame.type === 'ack') {
      this.unacknowledged.delete(frame.data.client_id);
      this.acknowledged.set(frame.data.client_id, frame.data.message.id);
    } else if (frame.type === 'chat') this.takeMessage(frame.data);
  }

  private takeMessage(message: ChatMessage): void {
    if (message.from.uid === this.friendUid) this.received.set(message.id, message);
    else if (message.client_id && this.unacknowledged.has(message.client_id)) {
      // Stored, but its ack was lost with the connection: the catch-up shows it, so it is not sent a third time.
      this.unacknowledged.delete(message.client_id);
      this.acknowledged.set(message.client_id, message.id);
    }
  }

  private lost(ws: WebSocket, code: number): void {
    if (this.socket !== ws || this.stopping) return;
    this.socket = null;
    const closedAt = performance.now();
    this.reconnecting = (async () => {
      await pause(chatSocket.reconnectDelayMs(code, Math.random()));
      for (;;) {
        try {
          await this.connect(() => this.stats.reconnectMs.push(performance.now() - closedAt));
          break;
        } catch {
          this.stats.retried('socket reconnect');
          await pause(RECONNECT_MS);
        }
      }
      this.reconnects += 1;
    })().finally(() => {
      this.reconnecting = null;
    });
  }
}

/** The q-quantile (0..1) of some durations, nearest rank. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
