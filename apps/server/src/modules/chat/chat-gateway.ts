/**
 * One chat socket from upgrade to close (issue 4 §1, decision 023): authenticate the sign-in token,
 * send `ready`, then answer frames one at a time in arrival order. The rules live in the chat service;
 * this file only speaks the socket protocol.
 */
import type { RawData, WebSocket } from 'ws';
import {
  STATUS_BAD_TOKEN,
  STATUS_NO_TOKEN,
  STATUS_TOKEN_EXPIRED,
  chatApi,
  chatSocket,
  pickLanguage,
  languageFromCode,
  type ClientFrame,
  type ErrorCode,
  type LanguageCode,
  type ServerFrame,
} from '@reef/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { message, type MessageKey } from '../../i18n/messages.js';
import { AuthError, DomainError } from '../../core/errors.js';
import type { AccessSource, AuthUser } from '../../core/auth-user.js';
import { authenticate } from '../auth/auth.service.js';
import * as chat from './chat.service.js';
import { encodeFrame } from '../../infra/realtime/encode-frame.js';
import type { Realtime } from '../../infra/realtime/realtime.js';
import type { FrameSink } from '../../infra/realtime/socket-registry.js';
import * as clock from '../../core/clock.js';

const { SOCKET_CLOSE, SOCKET_FRAME_MAX_BYTES } = chatSocket;

/**
 * A socket whose send buffer grows past this is not reading: it is closed (the client reconnects and
 * catches up with GET /api/chat/sync) rather than holding megabytes for one slow phone.
 */
export const SLOW_CONSUMER_BYTES = 1024 * 1024;
/** RFC 6455 "Try Again Later": this connection could not keep up. */
export const CLOSE_TRY_AGAIN_LATER = 1013;
/** RFC 6455 "Internal Error". */
export const CLOSE_INTERNAL_ERROR = 1011;
/** Frames waiting for their turn on one socket; beyond this a frame is refused as too frequent. */
export const MAX_PENDING_FRAMES = 64;
/**
 * An expired session stops receiving: the token is checked again at a ping this often. Logout and
 * revocation close the session's sockets at once (endSession); this re-check is the backstop for a
 * node that missed that message (Redis down).
 */
export const SESSION_RECHECK_MS = 60_000;

const AUTH_MESSAGES: Record<AuthError['status'], MessageKey> = {
  [STATUS_NO_TOKEN]: 'NO_TOKEN',
  [STATUS_BAD_TOKEN]: 'BAD_TOKEN',
  [STATUS_TOKEN_EXPIRED]: 'TOKEN_EXPIRED',
};

export function socketLanguage(lang: unknown, acceptLanguage: string | undefined): LanguageCode {
  if (typeof lang === 'string' && lang.trim()) {
    // The app's global-state codes (spec §1: en, cn, rus) as well as the request codes (decision 077).
    return languageFromCode(lang) ?? pickLanguage(lang);
  }
  return pickLanguage(acceptLanguage);
}

/** A close reason is at most 123 bytes of UTF-8; localized text is cut on a character boundary. */
export function closeReason(text: string): string {
  let reason = '';
  for (const char of text) {
    if (Buffer.byteLength(reason + char) > 123) break;
    reason += char;
  }
  return reason;
}

export interface GatewayContext {
  db: Database;
  config: Config;
  /** Roles and frozen users, as the HTTP requests read them (the operators' access book). */
  access: AccessSource;
  realtime: Realtime;
  log: { error(object: object, message: string): void };
}

export interface UpgradeRequest {
  query: unknown;
  headers: { 'accept-language'?: string };
}

function queryValue(query: unknown, name: string): string | undefined {
  const value = (query as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' ? value : undefined;
}

export class ChatConnection implements FrameSink {
  private user: AuthUser | null = null;
  private ready = false;
  private closed = false;
  /** Frames for this socket published before `ready` went out: `ready` is always the first frame. */
  private held: Buffer[] = [];
  /** Frames that arrived before the token was checked. */
  private early: RawData[] = [];
  private pending = 0;
  private queue: Promise<void> = Promise.resolve();
  private readonly idleTimer: NodeJS.Timeout;
  private lastSessionCheck = Date.now();
  readonly language: LanguageCode;

  constructor(
    private readonly ctx: GatewayContext,
    private readonly socket: WebSocket,
    private readonly request: UpgradeRequest,
  ) {
    this.language = socketLanguage(queryValue(request.query, 'lang'), request.headers['accept-language']);
    this.idleTimer = setTimeout(() => this.close(SOCKET_CLOSE.IDLE, 'idle'), ctx.config.socketIdleMs);
    // Listeners go on before any await, so nothing the client sends right after the upgrade is lost.
    socket.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    socket.on('close', () => this.onClose());
  }

  async open(): Promise<void> {
    if (queryValue(this.request.query, 'type') !== 'user') {
      this.close(SOCKET_CLOSE.BAD_TYPE, 'type must be user');
      return;
    }
    try {
      this.user = await authenticate(this.ctx.db, this.ctx.config, queryValue(this.request.query, 'token'), undefined, this.ctx.access);
    } catch (error) {
      if (error instanceof AuthError) {
        this.closeForAuth(error);
      } else {
        this.ctx.log.error({ err: error }, 'socket sign-in check failed');
        this.close(CLOSE_INTERNAL_ERROR, 'server error');
      }
      return;
    }
    if (this.closed) return;
    if (!this.ctx.realtime.sockets.tryAdd(this.user.id, this, this.ctx.config.socketsPerUser)) {
      // The new socket is refused, the open ones stay: closing the oldest would let a stolen token
      // knock the owner's devices off one by one (decision 037).
      this.close(SOCKET_CLOSE.TOO_MANY_SOCKETS, 'too many sockets for this user');
      return;
    }
    // Registered (just above) before the newest id is read: a message stored in between is either at
    // or below last_message_id (the client's sync covers it) or published to this socket, never neither.
    let lastMessageId: number;
    try {
      lastMessageId = await chat.latestMessageId(this.ctx.db);
    } catch (error) {
      this.ctx.log.error({ err: error }, 'socket ready failed');
      this.close(CLOSE_INTERNAL_ERROR, 'server error');
      return;
    }
    if (this.closed) return;
    this.write(encodeFrame({ type: 'ready', data: { uid: this.user.id, last_message_id: lastMessageId, server_time: clock.now().toISOString() } }));
    this.ready = true;
    for (const data of this.held) this.write(data);
    this.held = [];
    const early = this.early;
    this.early = [];
    for (const data of early) this.accept(data);
  }

  /** The session this socket was opened with: logout or revocation of it closes the socket (decision 037). */
  get session(): string | undefined {
    return this.user?.tokenHash;
  }

  endSession(): void {
    this.closeForAuth(new AuthError(STATUS_TOKEN_EXPIRED));
  }

  private closeForAuth(error: AuthError): void {
    this.close(SOCKET_CLOSE.BAD_TOKEN, closeReason(`${error.status} ${message(this.language, AUTH_MESSAGES[error.status])}`));
  }

  /** From the hubs: a frame already serialized and encoded once for every recipient. */
  push(data: Buffer): void {
    if (this.closed) return;
    if (!this.ready) this.held.push(data);
    else this.write(data);
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.detach();
    this.socket.close(code, reason);
  }

  private write(data: string | Buffer): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > SLOW_CONSUMER_BYTES) {
      this.close(CLOSE_TRY_AGAIN_LATER, 'too slow');
      return;
    }
    // A text frame either way: bytes shared by every recipient of a publish, or this socket's own string.
    this.socket.send(data, { binary: false });
  }

  private send(frame: ServerFrame): void {
    this.write(encodeFrame(frame));
  }

  private refuse(code: ErrorCode, clientId: string | null): void {
    this.send({ type: 'error', data: { code, msg: message(this.language, code), client_id: clientId } });
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    if (this.closed) return;
    // Any frame, even a bad one, shows the client is alive.
    this.idleTimer.refresh();
    if (isBinary) {
      this.refuseLater('PARAMETER_ERROR', null);
      return;
    }
    if (!this.ready) {
      if (this.early.length < MAX_PENDING_FRAMES) this.early.push(data);
      return;
    }
    this.accept(data);
  }

  /** Decides what a frame is when it arrives; its answer waits for the frames before it. */
  private accept(data: RawData): void {
    const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data instanceof ArrayBuffer ? data.byteLength : data.length;
    if (size > SOCKET_FRAME_MAX_BYTES) {
      this.refuseLater('PARAMETER_ERROR', null);
      return;
    }
    const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      this.refuseLater('PARAMETER_ERROR', null);
      return;
    }
    const parsed = chatSocket.clientFrame.safeParse(json);
    if (!parsed.success) {
      this.refuseLater('PARAMETER_ERROR', clientIdOf(json));
      return;
    }
    const frame = parsed.data;
    if (this.pending >= MAX_PENDING_FRAMES) {
      this.refuseLater('TOO_FREQUENT', frame.type === 'to_chat' ? frame.data.client_id : null);
      return;
    }
    // The flood decision is taken now, at arrival, so a slow database cannot spread a burst thin.
    const admitted = frame.type === 'to_chat' ? this.ctx.realtime.flood.admit(this.user!.id) : null;
    this.enqueue(() => this.handle(frame, admitted));
  }

  private refuseLater(code: ErrorCode, clientId: string | null): void {
    this.enqueue(async () => this.refuse(code, clientId));
  }

  private enqueue(task: () => Promise<void>): void {
    this.pending++;
    const done: Promise<void> = this.queue
      .then(nextTurn)
      .then(() => (this.closed ? undefined : task()))
      .catch((error: unknown) => this.ctx.log.error({ err: error }, 'socket frame failed'))
      .finally(() => {
        this.pending--;
        this.ctx.realtime.inFlight.delete(done);
      });
    this.ctx.realtime.inFlight.add(done);
    this.queue = done;
  }

  private async handle(frame: ClientFrame, admitted: Promise<boolean> | null): Promise<void> {
    const user = this.user!;
    const actor: chat.ChatActor = { id: user.id, serviceAgent: user.serviceAgent };
    switch (frame.type) {
      case 'ping':
        if (Date.now() - this.lastSessionCheck >= SESSION_RECHECK_MS && !(await this.sessionStillValid())) return;
        this.send({ type: 'pong', data: { server_time: clock.now().toISOString() } });
        return;
      case 'online':
        return this.answer(null, async () => {
          this.send({ type: 'unread', data: { total: await chat.totalUnread(this.ctx.db, user.id) } });
        });
      case 'read':
        return this.answer(null, () => chat.markRead(this.ctx.db, this.ctx.realtime, actor, frame.data.conversation, frame.data.last_id));
      case 'to_chat': {
        const clientId = frame.data.client_id;
        return this.answer(clientId, async () => {
          // The gate's answer was taken at arrival; sendFromClient refuses with TOO_FREQUENT like the HTTP route.
          const stored = await chat.sendFromClient(this.ctx.db, this.ctx.realtime, actor, chat.toChatToSendBody(actor, frame.data), admitted!);
          this.send({ type: 'ack', data: { client_id: clientId, message: stored } });
        });
      }
    }
  }

  /** Runs one frame's work; a refusal becomes an `error` frame in the socket's language. */
  private async answer(clientId: string | null, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (error instanceof DomainError) {
        this.refuse(error.code, clientId);
        return;
      }
      this.ctx.log.error({ err: error }, 'socket frame failed');
      this.refuse('INTERNAL_ERROR', clientId);
    }
  }

  private async sessionStillValid(): Promise<boolean> {
    this.lastSessionCheck = Date.now();
    try {
      this.user = await authenticate(this.ctx.db, this.ctx.config, queryValue(this.request.query, 'token'), undefined, this.ctx.access);
      return true;
    } catch (error) {
      if (!(error instanceof AuthError)) return true;
      this.closeForAuth(error);
      return false;
    }
  }

  private onClose(): void {
    this.closed = true;
    this.detach();
  }

  private detach(): void {
    clearTimeout(this.idleTimer);
    this.held = [];
    this.early = [];
    if (this.user) this.ctx.realtime.sockets.remove(this.user.id, this);
  }
}

/**
 * Each frame starts on a fresh event-loop turn. On PGlite a query can complete without real I/O, so one
 * socket's chain of frames would otherwise run as one long run of microtasks, and every other socket's
 * frames would wait unread (arriving late for the flood gate, too).
 */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A refused to_chat still names its client id when it has a readable one, so the client can mark that message failed. */
function clientIdOf(json: unknown): string | null {
  const clientId = (json as { data?: { client_id?: unknown } } | null)?.data?.client_id;
  return typeof clientId === 'string' && chatApi.clientMessageId.safeParse(clientId).success ? clientId : null;
}
