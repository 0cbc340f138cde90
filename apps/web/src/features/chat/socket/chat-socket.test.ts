// The socket client against a real WebSocket server (the `ws` package) on loopback. Timers are fake so
// heartbeat and reconnect timing are exact; network I/O stays real.
import { setImmediate as tick } from 'node:timers';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatSocket, HEARTBEAT_MS, RECONNECT_MS, SOCKET_LOG_MAX, type ChatMessage, type ClientFrame, type SendMessageBody } from '@reef/contract';
import { ChatSendRefused, ChatSocket, type SocketLike } from './chat-socket';
import { SocketLog } from './socket-log';

const UID = 7;

interface Connection {
  socket: WebSocket;
  url: URL;
  frames: ClientFrame[];
}

/** A small server speaking the contract: `ready` on connect, records what each connection sends. */
class TestServer {
  readonly connections: Connection[] = [];
  autoAck = true;
  private nextId = 100;
  private constructor(private readonly wss: WebSocketServer) {
    wss.on('connection', (socket, request) => {
      const connection: Connection = { socket, url: new URL(request.url ?? '/', 'http://x'), frames: [] };
      this.connections.push(connection);
      socket.on('message', (raw) => {
        const frame = chatSocket.clientFrame.parse(JSON.parse(String(raw)));
        connection.frames.push(frame);
        if (frame.type === 'to_chat' && this.autoAck) this.ack(connection, frame.data.client_id);
      });
      this.push(connection, { type: 'ready', data: { uid: UID, last_message_id: 41, server_time: new Date().toISOString() } });
    });
  }

  static async start(): Promise<TestServer> {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
    return new TestServer(wss);
  }

  get url(): string {
    return `ws://127.0.0.1:${(this.wss.address() as AddressInfo).port}/ws`;
  }

  get last(): Connection {
    return this.connections.at(-1)!;
  }

  push(connection: Connection, frame: unknown): void {
    connection.socket.send(JSON.stringify(frame));
  }

  ack(connection: Connection, clientId: string): void {
    this.push(connection, { type: 'ack', data: { client_id: clientId, message: message(this.nextId++, clientId) } });
  }

  async stop(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

function message(id: number, clientId: string | null): ChatMessage {
  return {
    id,
    client_id: clientId,
    conversation: { type: 'user', id: 9 },
    from: { uid: UID, nickname: 'me', address: '0x12...abcd', avatar: null },
    from_type: 'user',
    msg_type: 'text',
    content: 'hello',
    created_at: new Date(0).toISOString(),
  };
}

function body(clientId: string): SendMessageBody {
  return { conversation: { type: 'user', id: 9 }, msg_type: 'text', content: 'hello', client_id: clientId };
}

class FakePage extends EventTarget {
  visibilityState = 'visible';
  show(): void {
    this.visibilityState = 'visible';
    this.dispatchEvent(new Event('visibilitychange'));
  }
  hide(): void {
    this.visibilityState = 'hidden';
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

/** Waits on real I/O (setImmediate is not faked) until `check` holds. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (check()) return;
    await new Promise((resolve) => tick(resolve));
  }
  throw new Error(`timed out waiting for ${what}`);
}

let server: TestServer;
let network: EventTarget;
let page: FakePage;
let token: string | null;
let badToken: number;
let httpSends: SendMessageBody[];
let client: ChatSocket;

function makeClient(options: { ackTimeoutMs?: number; log?: SocketLog } = {}): ChatSocket {
  client = new ChatSocket({
    url: server.url,
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    getToken: () => token,
    getLanguage: () => 'en-us',
    network,
    page,
    onBadToken: () => badToken++,
    sendOverHttp: async (b) => {
      httpSends.push(b);
      return message(900 + httpSends.length, b.client_id);
    },
    ...options,
  });
  return client;
}

async function openClient(): Promise<Connection> {
  const before = server.connections.length;
  client.connect();
  await until(() => client.getState() === 'open' && server.connections.length > before, 'open');
  await until(() => client.getUid() === UID, 'ready');
  return server.last;
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  server = await TestServer.start();
  network = new EventTarget();
  page = new FakePage();
  token = 'token-abc';
  badToken = 0;
  httpSends = [];
});

afterEach(async () => {
  client?.dispose();
  await server.stop();
  vi.useRealTimers();
});

describe('ChatSocket states and heartbeat', () => {
  it('connects with type, token and language, says online, then pings every HEARTBEAT_MS', async () => {
    makeClient();
    const states: string[] = [];
    client.onState((s) => states.push(s));
    const connection = await openClient();
    expect(states).toEqual(['connecting', 'open']);
    expect(connection.url.pathname).toBe('/ws');
    expect(Object.fromEntries(connection.url.searchParams)).toEqual({ type: 'user', token: 'token-abc', lang: 'en-us' });
    await until(() => connection.frames.length === 1, 'online');
    expect(connection.frames.map((f) => f.type)).toEqual(['online']);

    vi.advanceTimersByTime(HEARTBEAT_MS - 1);
    await new Promise((resolve) => tick(resolve));
    expect(connection.frames.map((f) => f.type)).toEqual(['online']);
    vi.advanceTimersByTime(1);
    await until(() => connection.frames.length === 2, 'first ping');
    vi.advanceTimersByTime(HEARTBEAT_MS);
    await until(() => connection.frames.length === 3, 'second ping');
    expect(connection.frames.map((f) => f.type)).toEqual(['online', 'ping', 'ping']);
  });

  it('without a token stays closed and opens nothing', async () => {
    token = null;
    makeClient();
    client.connect();
    page.show();
    await new Promise((resolve) => tick(resolve));
    expect(client.getState()).toBe('closed');
    expect(server.connections).toHaveLength(0);
  });

  it('reconnects exactly RECONNECT_MS after the server closes, and keeps retrying while it is down', async () => {
    makeClient();
    const first = await openClient();
    first.socket.close(chatSocket.SOCKET_CLOSE.GOING_AWAY, 'restart');
    await until(() => client.getState() === 'reconnecting', 'reconnecting');

    vi.advanceTimersByTime(RECONNECT_MS - 1);
    for (let i = 0; i < 20; i++) await new Promise((resolve) => tick(resolve));
    expect(server.connections).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await until(() => server.connections.length === 2 && client.getState() === 'open', 'second connection');

    // The server goes away entirely: every attempt fails and the next one waits RECONNECT_MS again.
    const url = server.url;
    await server.stop();
    await until(() => client.getState() === 'reconnecting', 'reconnecting after the server stopped');
    const attempts = () => client.log.list().filter((e) => e.direction === 'state' && e.type === 'close').length;
    const before = attempts();
    vi.advanceTimersByTime(RECONNECT_MS);
    await until(() => attempts() === before + 1, 'a failed attempt');
    expect(client.getState()).toBe('reconnecting');

    // Back on the same port: the next tick of the timer gets through.
    const port = Number(new URL(url).port);
    const wss = new WebSocketServer({ host: '127.0.0.1', port });
    await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
    let reconnected = 0;
    wss.on('connection', () => reconnected++);
    vi.advanceTimersByTime(RECONNECT_MS);
    await until(() => reconnected === 1 && client.getState() === 'open', 'open on the restarted server');
    client.dispose();
    for (const c of wss.clients) c.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    server = await TestServer.start();
  });

  it('after a RESYNC close (the node lost Redis), waits RECONNECT_MS plus its share of the spread before it reconnects', async () => {
    // Every socket of the node closes at once: a client drawing 0.5 comes back half the spread after the others' 2 s.
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.5);
    try {
      makeClient();
      const first = await openClient();
      first.socket.close(chatSocket.SOCKET_CLOSE.RESYNC, 'reconnect to catch up');
      await until(() => client.getState() === 'reconnecting', 'reconnecting');
      const delay = RECONNECT_MS + chatSocket.RESYNC_SPREAD_MS / 2;
      expect(chatSocket.reconnectDelayMs(chatSocket.SOCKET_CLOSE.RESYNC, 0.5)).toBe(delay);
      vi.advanceTimersByTime(delay - 1);
      for (let i = 0; i < 20; i++) await new Promise((resolve) => tick(resolve));
      expect(server.connections).toHaveLength(1);
      vi.advanceTimersByTime(1);
      await until(() => server.connections.length === 2 && client.getState() === 'open', 'second connection');
    } finally {
      random.mockRestore();
    }
  });

  it('does not reconnect after a deliberate close (sign-out)', async () => {
    makeClient();
    await openClient();
    client.close();
    expect(client.getState()).toBe('closed');
    vi.advanceTimersByTime(RECONNECT_MS * 5);
    for (let i = 0; i < 20; i++) await new Promise((resolve) => tick(resolve));
    expect(server.connections).toHaveLength(1);
    expect(client.getState()).toBe('closed');
  });

  it('a refused token closes for good and drops the session once', async () => {
    makeClient();
    const connection = await openClient();
    connection.socket.close(chatSocket.SOCKET_CLOSE.BAD_TOKEN, 'bad token');
    await until(() => client.getState() === 'closed', 'closed');
    expect(badToken).toBe(1);
    vi.advanceTimersByTime(RECONNECT_MS * 5);
    for (let i = 0; i < 20; i++) await new Promise((resolve) => tick(resolve));
    expect(server.connections).toHaveLength(1);
  });

  it('offline stops the heartbeat; online closes the socket and opens a new one at once', async () => {
    makeClient();
    const first = await openClient();
    await until(() => first.frames.length === 1, 'online frame');
    network.dispatchEvent(new Event('offline'));
    vi.advanceTimersByTime(HEARTBEAT_MS * 3);
    for (let i = 0; i < 20; i++) await new Promise((resolve) => tick(resolve));
    expect(first.frames.map((f) => f.type)).toEqual(['online']);

    let firstClosed = false;
    first.socket.on('close', () => (firstClosed = true));
    network.dispatchEvent(new Event('online'));
    await until(() => firstClosed && server.connections.length === 2 && client.getState() === 'open', 'reopened');
    const second = server.last;
    await until(() => second.frames.length === 1, 'online on the new socket');
    vi.advanceTimersByTime(HEARTBEAT_MS);
    await until(() => second.frames.length === 2, 'heartbeat back');
    expect(second.frames.map((f) => f.type)).toEqual(['online', 'ping']);
  });

  it('on app show connects at once when not connected, and leaves an open socket alone', async () => {
    makeClient();
    await openClient();
    page.hide();
    page.show();
    for (let i = 0; i < 20; i++) await new Promise((resolve) => tick(resolve));
    expect(server.connections).toHaveLength(1);

    server.last.socket.close(chatSocket.SOCKET_CLOSE.GOING_AWAY);
    await until(() => client.getState() === 'reconnecting', 'reconnecting');
    page.show();
    await until(() => server.connections.length === 2 && client.getState() === 'open', 'reconnected on show');
  });
});

describe('ChatSocket restart', () => {
  it('reopens at once with the current language, and does nothing once closed on purpose', async () => {
    let language = 'en-us';
    client = new ChatSocket({
      url: server.url,
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      getToken: () => token,
      getLanguage: () => language,
      network,
      page,
      onBadToken: () => badToken++,
      sendOverHttp: async (b) => message(1, b.client_id),
    });
    await openClient();
    language = 'de-de';
    client.restart();
    await until(() => server.connections.length === 2 && client.getState() === 'open', 'reopened');
    expect(server.last.url.searchParams.get('lang')).toBe('de-de');
    client.close();
    client.restart();
    for (let i = 0; i < 20; i++) await new Promise((resolve) => tick(resolve));
    expect(server.connections).toHaveLength(2);
    expect(client.getState()).toBe('closed');
  });
});

describe('ChatSocket frames', () => {
  it('re-emits parsed frames by type and logs (but does not emit) frames that break the contract', async () => {
    makeClient();
    const ready: number[] = [];
    const unread: number[] = [];
    client.on('ready', (data) => ready.push(data.last_message_id));
    client.on('unread', (data) => unread.push(data.total));
    const connection = await openClient();
    server.push(connection, { type: 'unread', data: { total: 3 } });
    server.push(connection, { type: 'unread', data: { total: -1 } });
    connection.socket.send('not json');
    server.push(connection, { type: 'unread', data: { total: 4 } });
    await until(() => unread.length === 2, 'unread frames');
    expect(ready).toEqual([41]);
    expect(unread).toEqual([3, 4]);
    expect(
      client.log
        .list()
        .filter((e) => e.type === 'invalid')
        .map((e) => e.summary),
    ).toEqual(['unread', 'not JSON']);
  });

  it('keeps only the last SOCKET_LOG_MAX log entries', () => {
    const log = new SocketLog(SOCKET_LOG_MAX, () => 5);
    for (let i = 0; i < SOCKET_LOG_MAX + 25; i++) log.add('in', 'ping', String(i));
    const entries = log.list();
    expect(entries).toHaveLength(SOCKET_LOG_MAX);
    expect(entries[0]!.summary).toBe('25');
    expect(entries.at(-1)!.summary).toBe(String(SOCKET_LOG_MAX + 24));
    expect(entries[0]!.at).toBe(5);
  });
});

describe('ChatSocket sending', () => {
  it('resolves each to_chat with the ack carrying its client id, whatever the order', async () => {
    makeClient();
    server.autoAck = false;
    const connection = await openClient();
    const a = client.sendMessage(body('client-aaaa'));
    const b = client.sendMessage(body('client-bbbb'));
    await until(() => connection.frames.filter((f) => f.type === 'to_chat').length === 2, 'two to_chat');
    const sent = connection.frames.filter((f) => f.type === 'to_chat');
    expect(sent[0]).toEqual({
      type: 'to_chat',
      data: { id: 9, to_group: false, to_user_type: 'user', user_type: 'user', content: 'hello', msg_type: 'text', client_id: 'client-aaaa' },
    });
    server.ack(connection, 'client-bbbb');
    server.ack(connection, 'client-aaaa');
    const [ma, mb] = await Promise.all([a, b]);
    expect(ma.client_id).toBe('client-aaaa');
    expect(mb.client_id).toBe('client-bbbb');
    expect(ma.id).toBe(101);
    expect(mb.id).toBe(100);
    expect(httpSends).toEqual([]);
  });

  it('falls back to HTTP with the same client id when the ack does not come in time', async () => {
    makeClient({ ackTimeoutMs: 5_000 });
    server.autoAck = false;
    const connection = await openClient();
    const sending = client.sendMessage(body('client-late1'));
    await until(() => connection.frames.some((f) => f.type === 'to_chat'), 'to_chat');
    vi.advanceTimersByTime(4_999);
    expect(httpSends).toEqual([]);
    vi.advanceTimersByTime(1);
    const stored = await sending;
    expect(httpSends.map((b) => b.client_id)).toEqual(['client-late1']);
    expect(stored.client_id).toBe('client-late1');
    // A late ack for a send already settled over HTTP changes nothing.
    server.ack(connection, 'client-late1');
    await new Promise((resolve) => tick(resolve));
    expect(httpSends).toHaveLength(1);
  });

  it('sends over HTTP when the socket is not open, and when it drops before the ack', async () => {
    makeClient();
    const direct = await client.sendMessage(body('client-closed'));
    expect(direct.client_id).toBe('client-closed');
    expect(httpSends.map((b) => b.client_id)).toEqual(['client-closed']);

    server.autoAck = false;
    const connection = await openClient();
    const sending = client.sendMessage(body('client-drop1'));
    await until(() => connection.frames.some((f) => f.type === 'to_chat'), 'to_chat');
    connection.socket.close(chatSocket.SOCKET_CLOSE.GOING_AWAY);
    expect((await sending).client_id).toBe('client-drop1');
    expect(httpSends.map((b) => b.client_id)).toEqual(['client-closed', 'client-drop1']);
  });

  it('rejects with the server refusal when an error frame answers the to_chat', async () => {
    makeClient();
    server.autoAck = false;
    const connection = await openClient();
    const sending = client.sendMessage(body('client-flood'));
    await until(() => connection.frames.some((f) => f.type === 'to_chat'), 'to_chat');
    server.push(connection, { type: 'error', data: { code: 'TOO_FREQUENT', msg: 'Do not operate frequently', client_id: 'client-flood' } });
    const error = await sending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatSendRefused);
    expect(error).toMatchObject({ code: 'TOO_FREQUENT', message: 'Do not operate frequently' });
    expect(httpSends).toEqual([]);
  });
});
