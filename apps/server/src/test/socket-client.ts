/**
 * A chat socket client for tests, on the `ws` package: every server frame is parsed with the
 * contract, kept in arrival order, and can be awaited by predicate.
 */
import WebSocket from 'ws';
import { chatSocket, type ClientFrame, type ServerFrame } from '@reef/contract';

export interface Closed {
  code: number;
  reason: string;
}

export class TestSocket {
  readonly frames: ServerFrame[] = [];
  readonly closed: Promise<Closed>;
  private waiters: { match: (f: ServerFrame) => boolean; resolve: (f: ServerFrame) => void }[] = [];
  /** Indexes of frames already returned by `next`. */
  private readonly taken = new Set<number>();

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = chatSocket.serverFrame.parse(JSON.parse(data.toString()));
      this.frames.push(frame);
      const waiter = this.waiters.find((w) => w.match(frame));
      if (waiter) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        this.taken.add(this.frames.length - 1);
        waiter.resolve(frame);
      }
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  /** Opens the socket; resolves once the upgrade is done (before `ready`). */
  static open(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
    const ws = new WebSocket(url, { headers });
    const socket = new TestSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('error', reject);
    });
  }

  /** Opens the socket and waits for `ready`. */
  static async ready(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
    const socket = await TestSocket.open(url, headers);
    await socket.next('ready');
    return socket;
  }

  send(frame: ClientFrame | Record<string, unknown>): void {
    this.ws.send(JSON.stringify(frame));
  }

  /**
   * Sends frames in one write, so they reach the server together. Sent one by one, a server in this
   * same process can run between the writes, and a burst meant for one second arrives over several.
   */
  sendBurst(frames: (ClientFrame | Record<string, unknown>)[]): void {
    // `_socket` is ws's underlying net.Socket; ws has no public way to batch writes.
    const tcp = (this.ws as unknown as { _socket: import('node:net').Socket })._socket;
    tcp.cork();
    for (const frame of frames) this.send(frame);
    tcp.uncork();
  }

  sendRaw(data: string | Buffer): void {
    this.ws.send(data);
  }

  /**
   * The first frame of this type (and matching `where`) not yet returned by an earlier `next`, in
   * arrival order; waits for it if it has not arrived.
   */
  next<T extends ServerFrame['type']>(
    type: T,
    where: (frame: Extract<ServerFrame, { type: T }>) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<Extract<ServerFrame, { type: T }>> {
    return this.nextMatching((frame) => frame.type === type && where(frame as Extract<ServerFrame, { type: T }>), timeoutMs) as Promise<
      Extract<ServerFrame, { type: T }>
    >;
  }

  /** The answer to one to_chat: its `ack` or its `error`. */
  answerTo(clientId: string, timeoutMs = 5000): Promise<Extract<ServerFrame, { type: 'ack' | 'error' }>> {
    return this.nextMatching((f) => (f.type === 'ack' || f.type === 'error') && f.data.client_id === clientId, timeoutMs) as Promise<
      Extract<ServerFrame, { type: 'ack' | 'error' }>
    >;
  }

  nextMatching(match: (frame: ServerFrame) => boolean, timeoutMs = 5000): Promise<ServerFrame> {
    for (let i = 0; i < this.frames.length; i++) {
      if (!this.taken.has(i) && match(this.frames[i]!)) {
        this.taken.add(i);
        return Promise.resolve(this.frames[i]!);
      }
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames.slice(-5))}`));
      }, timeoutMs);
      const done = (frame: ServerFrame) => {
        clearTimeout(timer);
        resolve(frame);
      };
      this.waiters.push({ match, resolve: done });
    });
  }

  /** Frames of one type received so far. */
  all<T extends ServerFrame['type']>(type: T): Extract<ServerFrame, { type: T }>[] {
    return this.frames.filter((f) => f.type === type) as Extract<ServerFrame, { type: T }>[];
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    this.ws.close(1000);
    await this.closed;
  }
}

export function socketUrl(origin: string, query: Record<string, string>): string {
  const url = new URL(chatSocket.CHAT_SOCKET_PATH, origin.replace(/^http/, 'ws'));
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
