/**
 * The chat socket client (spec §4 "Chat socket", §7, issue 4 §1): one connection per signed-in user,
 * states connecting → open → (reconnecting → open)* → closed. Everything it needs from the outside
 * (the WebSocket constructor, the window and document events, the token, the HTTP fallback) comes in
 * through ChatSocketOptions, so the state machine runs unchanged in the browser and against a real
 * `ws` server in Node tests.
 */
import {
  chatSocket,
  HEARTBEAT_MS,
  RECONNECT_MS,
  type ChatMessage,
  type ClientFrame,
  type SendMessageBody,
  type ServerFrame,
  type ServerFrameType,
} from '@reef/contract';
import { SocketLog } from './socket-log';

export type SocketState = 'connecting' | 'open' | 'closed' | 'reconnecting';

/** What the client needs of a WebSocket: the browser's; tests adapt the `ws` package's, which behaves the same. */
export type SocketLike = Pick<WebSocket, 'readyState' | 'send' | 'close' | 'onopen' | 'onmessage' | 'onclose' | 'onerror'>;

export type SocketFactory = (url: string) => SocketLike;

/** The page as the client sees it: `visibilitychange` fires here and `visibilityState` says which. */
export interface PageVisibility extends EventTarget {
  readonly visibilityState: string;
}

export interface ChatSocketOptions {
  /** The socket endpoint without a query, e.g. `wss://host/ws`. */
  url: string;
  createSocket: SocketFactory;
  getToken: () => string | null;
  getLanguage: () => string;
  /** Where the browser fires `online` and `offline` (window). */
  network: EventTarget;
  /** Where the browser fires `visibilitychange` (document). */
  page: PageVisibility;
  /** The server refused the token (close code BAD_TOKEN): drop the session as an HTTP auth failure does. */
  onBadToken: () => void;
  /** POST /api/chat/messages: used when the socket is not open or an ack does not come in time. */
  sendOverHttp: (body: SendMessageBody) => Promise<ChatMessage>;
  /** How long a to_chat waits for its ack before going over HTTP with the same client id. */
  ackTimeoutMs?: number;
  log?: SocketLog;
}

/** The server refused a to_chat (flooding, not a member…): `message` is its localized msg. */
export class ChatSendRefused extends Error {
  override name = 'ChatSendRefused';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The socket was closed on purpose (sign-out) or the token was refused while a send waited. */
export class ChatSocketClosed extends Error {
  override name = 'ChatSocketClosed';
}

export const ACK_TIMEOUT_MS = 8_000;
const OPEN = 1;
const NORMAL_CLOSURE = 1000;

type FrameData<T extends ServerFrameType> = Extract<ServerFrame, { type: T }>['data'];
type FrameHandler<T extends ServerFrameType> = (data: FrameData<T>) => void;

interface PendingSend {
  body: SendMessageBody;
  timer: ReturnType<typeof setTimeout>;
  resolve: (message: ChatMessage) => void;
  reject: (error: Error) => void;
}

function summarize(frame: ServerFrame | ClientFrame): string {
  switch (frame.type) {
    case 'ready':
      return `uid ${frame.data.uid}, last ${frame.data.last_message_id}`;
    case 'ack':
      return `${frame.data.client_id} → #${frame.data.message.id}`;
    case 'chat':
      return `#${frame.data.id} ${frame.data.conversation.type}:${frame.data.conversation.id} ${frame.data.msg_type} (${frame.data.content.length})`;
    case 'read':
      return `${frame.data.conversation.type}:${frame.data.conversation.id} ≤ #${'last_read_id' in frame.data ? frame.data.last_read_id : frame.data.last_id}`;
    case 'friend_request':
      return `#${frame.data.id} ${frame.data.state}`;
    case 'group_event':
      return `group ${frame.data.group_id} ${frame.data.event}`;
    case 'unread':
      return `total ${frame.data.total}`;
    case 'error':
      return `${frame.data.code}${frame.data.client_id ? ` (${frame.data.client_id})` : ''}`;
    case 'to_chat':
      return `${frame.data.client_id} → ${frame.data.to_group ? 'group' : frame.data.to_user_type} ${frame.data.id} ${frame.data.msg_type} (${frame.data.content.length})`;
    default:
      return '';
  }
}

export class ChatSocket {
  readonly log: SocketLog;
  private state: SocketState = 'closed';
  private socket: SocketLike | null = null;
  /** Set by close() (sign-out) and by a refused token; cleared by connect(). */
  private stopped = true;
  private offline = false;
  private myUid: number | null = null;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly pending = new Map<string, PendingSend>();
  private readonly frameHandlers = new Map<ServerFrameType, Set<(data: unknown) => void>>();
  private readonly stateListeners = new Set<(state: SocketState) => void>();
  private readonly ackTimeoutMs: number;
  private readonly detach: () => void;

  constructor(private readonly options: ChatSocketOptions) {
    this.log = options.log ?? new SocketLog();
    this.ackTimeoutMs = options.ackTimeoutMs ?? ACK_TIMEOUT_MS;

    const onOffline = () => this.handleOffline();
    const onOnline = () => this.handleOnline();
    const onVisibility = () => {
      if (options.page.visibilityState === 'visible') this.handleShow();
    };
    options.network.addEventListener('offline', onOffline);
    options.network.addEventListener('online', onOnline);
    options.page.addEventListener('visibilitychange', onVisibility);
    this.detach = () => {
      options.network.removeEventListener('offline', onOffline);
      options.network.removeEventListener('online', onOnline);
      options.page.removeEventListener('visibilitychange', onVisibility);
    };
  }

  getState(): SocketState {
    return this.state;
  }

  /** The uid the server said the socket belongs to (null before the first `ready`). */
  getUid(): number | null {
    return this.myUid;
  }

  /** Opens the socket for the current token; a no-op while it is open or opening, or without a token. */
  connect(): void {
    this.stopped = false;
    if (this.socket !== null) return;
    this.open(this.state === 'reconnecting' ? 'reconnecting' : 'connecting');
  }

  /** Closes on purpose (sign-out): no reconnect until connect() is called again. */
  close(): void {
    this.stopped = true;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) this.drop(socket, NORMAL_CLOSURE, 'closed by the client');
    this.rejectPending(new ChatSocketClosed('the chat socket was closed'));
    this.myUid = null;
    this.setState('closed');
  }

  /**
   * Opens a fresh socket now if one is wanted (the language changed, so the server's refusals follow it);
   * sends waiting for an ack go over HTTP, as on any drop.
   */
  restart(): void {
    if (this.stopped) return;
    const socket = this.socket;
    this.socket = null;
    this.stopHeartbeat();
    if (socket) {
      this.drop(socket, NORMAL_CLOSURE, 'restart');
      for (const clientId of [...this.pending.keys()]) this.fallBack(clientId, 'restart');
    }
    this.open('reconnecting');
  }

  /** Stops listening to the page for good (tests, hot reload). */
  dispose(): void {
    this.close();
    this.detach();
  }

  /** Sends one frame if the socket is open; answers whether it went out. */
  send(frame: ClientFrame): boolean {
    const socket = this.socket;
    if (socket === null || this.state !== 'open' || socket.readyState !== OPEN) return false;
    socket.send(JSON.stringify(frame));
    this.log.add('out', frame.type, summarize(frame));
    return true;
  }

  /**
   * Sends a message and resolves with the stored message: from the socket's ack, or — when the socket
   * is not open, the ack is late, or the socket drops first — from POST /api/chat/messages with the same
   * client id, which the server stores once. Rejects with ChatSendRefused when the server refuses it.
   */
  sendMessage(body: SendMessageBody): Promise<ChatMessage> {
    const existing = this.pending.get(body.client_id);
    if (existing) return new Promise((resolve, reject) => this.chain(existing, resolve, reject));
    if (this.myUid === null || !this.send({ type: 'to_chat', data: chatSocket.toChatFrame(body, this.myUid) })) {
      return this.options.sendOverHttp(body);
    }
    return new Promise<ChatMessage>((resolve, reject) => {
      const timer = setTimeout(() => this.fallBack(body.client_id, 'ack time-out'), this.ackTimeoutMs);
      this.pending.set(body.client_id, { body, timer, resolve, reject });
    });
  }

  /** Subscribes to one frame type; answers the unsubscribe. */
  on<T extends ServerFrameType>(type: T, handler: FrameHandler<T>): () => void {
    let set = this.frameHandlers.get(type);
    if (!set) this.frameHandlers.set(type, (set = new Set()));
    const wrapped = handler as (data: unknown) => void;
    set.add(wrapped);
    return () => set.delete(wrapped);
  }

  onState(listener: (state: SocketState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  private chain(entry: PendingSend, resolve: (m: ChatMessage) => void, reject: (e: Error) => void): void {
    const previous = { resolve: entry.resolve, reject: entry.reject };
    entry.resolve = (message) => {
      previous.resolve(message);
      resolve(message);
    };
    entry.reject = (error) => {
      previous.reject(error);
      reject(error);
    };
  }

  private open(state: 'connecting' | 'reconnecting'): void {
    const token = this.options.getToken();
    if (token === null) {
      this.setState('closed');
      return;
    }
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.setState(state);
    const query = new URLSearchParams({ type: 'user', token, lang: this.options.getLanguage() });
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(`${this.options.url}?${query.toString()}`);
    } catch (error) {
      // A malformed URL or a blocked scheme throws synchronously: treat it like a failed connection.
      this.log.add('state', 'error', String(error));
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.setState('open');
      this.send({ type: 'online' });
      this.startHeartbeat();
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.receive(event.data);
    };
    socket.onerror = () => {
      // The browser fires close right after error; reconnecting is decided there.
      if (this.socket === socket) this.log.add('state', 'error', '');
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.handleClose(event.code, event.reason);
    };
  }

  private receive(raw: unknown): void {
    let json: unknown;
    try {
      json = JSON.parse(typeof raw === 'string' ? raw : String(raw));
    } catch {
      this.log.add('in', 'invalid', 'not JSON');
      return;
    }
    const parsed = chatSocket.serverFrame.safeParse(json);
    if (!parsed.success) {
      const type = typeof json === 'object' && json !== null ? String((json as { type?: unknown }).type) : typeof json;
      this.log.add('in', 'invalid', type);
      return;
    }
    const frame = parsed.data;
    this.log.add('in', frame.type, summarize(frame));
    if (frame.type === 'ready') this.myUid = frame.data.uid;
    if (frame.type === 'ack') this.settle(frame.data.client_id, (p) => p.resolve(frame.data.message));
    if (frame.type === 'error' && frame.data.client_id !== null) {
      this.settle(frame.data.client_id, (p) => p.reject(new ChatSendRefused(frame.data.code, frame.data.msg)));
    }
    for (const handler of [...(this.frameHandlers.get(frame.type) ?? [])]) {
      try {
        handler(frame.data);
      } catch (error) {
        // One subscriber's bug must not stop the others or the socket.
        console.error(error);
      }
    }
  }

  private settle(clientId: string, action: (pending: PendingSend) => void): void {
    const entry = this.pending.get(clientId);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.pending.delete(clientId);
    action(entry);
  }

  private fallBack(clientId: string, reason: string): void {
    const entry = this.pending.get(clientId);
    if (!entry) return;
    this.log.add('state', 'http-fallback', `${clientId}: ${reason}`);
    this.settle(clientId, (p) => {
      this.options.sendOverHttp(p.body).then(p.resolve, p.reject);
    });
  }

  private rejectPending(error: Error): void {
    for (const clientId of [...this.pending.keys()]) this.settle(clientId, (p) => p.reject(error));
  }

  private handleClose(code: number, reason: string): void {
    this.stopHeartbeat();
    this.log.add('state', 'close', `${code}${reason ? ` ${reason}` : ''}`);
    if (code === chatSocket.SOCKET_CLOSE.BAD_TOKEN) {
      this.stopped = true;
      this.myUid = null;
      this.rejectPending(new ChatSocketClosed('the token was refused'));
      this.setState('closed');
      this.options.onBadToken();
      return;
    }
    for (const clientId of [...this.pending.keys()]) this.fallBack(clientId, 'socket closed');
    if (this.stopped) {
      this.setState('closed');
      return;
    }
    this.scheduleReconnect(chatSocket.reconnectDelayMs(code, Math.random()));
  }

  private scheduleReconnect(delayMs: number = RECONNECT_MS): void {
    this.setState('reconnecting');
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (!this.stopped && this.socket === null) this.open('reconnecting');
    }, delayMs);
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    if (this.offline) return;
    this.heartbeat = setInterval(() => this.send({ type: 'ping' }), HEARTBEAT_MS);
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  private handleOffline(): void {
    this.offline = true;
    this.log.add('state', 'offline', '');
    this.stopHeartbeat();
  }

  /** Network is back: the old socket may be half-dead, so close it and open a fresh one now. */
  private handleOnline(): void {
    this.offline = false;
    this.log.add('state', 'online', '');
    this.restart();
  }

  /** The app is shown again: connect now if signed in and not connected (spec §4 "on app show"). */
  private handleShow(): void {
    if (this.options.getToken() === null) return;
    if (this.socket !== null) return;
    this.stopped = false;
    this.open(this.state === 'closed' ? 'connecting' : 'reconnecting');
  }

  private drop(socket: SocketLike, code: number, reason: string): void {
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    try {
      socket.close(code, reason);
    } catch {
      // Closing a socket that never opened can throw in some browsers; it is gone either way.
    }
  }

  private clearTimers(): void {
    this.stopHeartbeat();
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
  }

  private setState(state: SocketState): void {
    if (this.state === state) return;
    this.state = state;
    this.log.add('state', state, '');
    for (const listener of [...this.stateListeners]) listener(state);
  }
}
