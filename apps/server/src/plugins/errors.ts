/**
 * The response envelope and the one error handler. Services throw DomainError (core/errors.ts) with a stable code;
 * this maps it to HTTP 200 `{status: 400, msg, data: {code}}` with `msg` in the caller's language.
 * Anything unexpected becomes a 500 with a generic message: internals never reach the client.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  STATUS_BAD_TOKEN,
  STATUS_NO_TOKEN,
  STATUS_OK,
  STATUS_REFUSED,
  STATUS_TOKEN_EXPIRED,
  STATUS_TOO_FREQUENT,
  pickLanguage,
  languageFromCode,
  type ErrorCode,
  type LanguageCode,
} from '@reef/contract';
import { AuthError, DomainError, ForbiddenError } from '../core/errors.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { message, type MessageKey } from '../i18n/messages.js';

const authMessage: Record<AuthError['status'], MessageKey> = {
  [STATUS_NO_TOKEN]: 'NO_TOKEN',
  [STATUS_BAD_TOKEN]: 'BAD_TOKEN',
  [STATUS_TOKEN_EXPIRED]: 'TOKEN_EXPIRED',
};

declare module 'fastify' {
  interface FastifyRequest {
    language: LanguageCode;
  }
}

export function ok<T>(request: FastifyRequest, data: T) {
  return { status: STATUS_OK, msg: message(request.language, 'OK'), data };
}

export function refusalBody(language: LanguageCode, code: ErrorCode, details: Record<string, unknown> = {}) {
  return { status: STATUS_REFUSED, msg: message(language, code), data: { code, ...details } };
}

function send(reply: FastifyReply, httpStatus: number, body: unknown) {
  return reply.code(httpStatus).send(body);
}

/** 503 with the envelope: try again in a second (on this node, or another through the proxy). */
function sendUnavailable(reply: FastifyReply, language: LanguageCode) {
  reply.header('Retry-After', '1');
  return send(reply, 503, { status: 503, msg: message(language, 'SERVICE_UNAVAILABLE'), data: { code: 'SERVICE_UNAVAILABLE' } });
}

/**
 * Fastify answers some requests before any hook or route runs (a URL that does not decode, such as `/api/%`):
 * this gives them the envelope too. No onRequest hook ran, so the language and the API's no-store are set here.
 */
export function frameworkErrors(error: Error, request: FastifyRequest, reply: FastifyReply): void {
  const language = pickLanguage(request.headers['accept-language']);
  const statusCode = (error as { statusCode?: number }).statusCode ?? 400;
  reply.header('Cache-Control', 'no-store');
  if (statusCode >= 500) {
    request.log.error({ err: error }, 'unhandled framework error');
    send(reply, 500, { status: 500, msg: message(language, 'INTERNAL_ERROR'), data: { code: 'INTERNAL_ERROR' } });
    return;
  }
  send(reply, 200, refusalBody(language, 'PARAMETER_ERROR'));
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('language', 'zh-tw');
  app.addHook('onRequest', async (request) => {
    // `?lang=` names the language outright, in any spelling the spec uses (en, cn, rus…; decision 077).
    const lang = (request.query as Record<string, unknown> | undefined)?.lang;
    request.language = (typeof lang === 'string' ? languageFromCode(lang) : null) ?? pickLanguage(request.headers['accept-language']);
  });

  // Shutting down (app.ts turns Fastify's own plain-text 503 off): a request that still arrives on an open connection
  // gets the envelope, and the connection is closed so the client's next request goes to another node (decision 128).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closing) return;
    reply.header('Connection', 'close');
    return sendUnavailable(reply, request.language);
  });

  app.setErrorHandler((error, request, reply) => {
    const lang = request.language ?? 'zh-tw';
    if (error instanceof DomainError) return send(reply, 200, refusalBody(lang, error.code, error.details));
    if (error instanceof AuthError) {
      return send(reply, 401, { status: error.status, msg: message(lang, authMessage[error.status]), data: null });
    }
    if (error instanceof ForbiddenError) {
      return send(reply, 403, { status: 403, msg: message(lang, 'FORBIDDEN'), data: { code: 'FORBIDDEN' } });
    }
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode === 429) {
      return send(reply, 429, { status: STATUS_TOO_FREQUENT, msg: message(lang, 'TOO_FREQUENT'), data: { code: 'TOO_FREQUENT' } });
    }
    // Malformed JSON, wrong content type, body too large: the client's fault, a parameter error.
    if (statusCode && statusCode >= 400 && statusCode < 500) {
      return send(reply, 200, refusalBody(lang, 'PARAMETER_ERROR'));
    }
    // The database is down or restarting. A transaction that lost its connection rolled back, unless its COMMIT had
    // already gone through: money moves carry an Idempotency-Key, so the client's retry then gets the stored answer.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error, route: request.routeOptions?.url }, 'database unavailable');
      return sendUnavailable(reply, lang);
    }
    // The logger's err serializer (logSerializers, set in app.ts) keeps the message and values out.
    request.log.error({ err: error, route: request.routeOptions?.url }, 'unhandled error');
    return send(reply, 500, { status: 500, msg: message(lang, 'INTERNAL_ERROR'), data: { code: 'INTERNAL_ERROR' } });
  });

  app.setNotFoundHandler((request, reply) => send(reply, 404, { status: 404, msg: message(request.language, 'ROUTE_NOT_FOUND'), data: { code: 'NOT_FOUND' } }));
});

const REDACTED = '(message not logged: it may carry request values)';

/** The stack's frames without its first line, which repeats the message. */
function framesOf(error: Error): string | undefined {
  const stack = error.stack;
  if (!stack) return undefined;
  const first = stack.indexOf('\n    at ');
  return first === -1 ? undefined : stack.slice(first + 1);
}

/**
 * What a log line may say about an error (decision 036): its class, code, SQLSTATE, the parameterized SQL text
 * (our code, never a value) and the stack frames, never a message. Drizzle's message lists the query's parameters,
 * PostgreSQL's quotes the offending value ('invalid input syntax for type integer: "…"'), a JSON parse error
 * quotes the body: any message may hold what the caller sent, so none is logged.
 */
export function safeError(error: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(error instanceof Error)) return { type: typeof error, message: REDACTED, stack: '' };
  const cause = (error as { cause?: unknown }).cause;
  const database = (cause ?? error) as { code?: unknown; table?: unknown; column?: unknown; constraint?: unknown; routine?: unknown };
  const query = (error as { query?: unknown }).query;
  const ownCode = (error as { code?: unknown }).code;
  const sqlState = typeof database.code === 'string' && /^[0-9A-Z]{5}$/.test(database.code) ? database.code : undefined;
  return {
    type: error.constructor.name,
    message: REDACTED,
    ...(typeof ownCode === 'string' && !sqlState ? { code: ownCode } : {}),
    ...(sqlState ? { sqlState } : {}),
    ...(typeof query === 'string' ? { query } : {}),
    ...(typeof database.table === 'string' ? { table: database.table } : {}),
    ...(typeof database.column === 'string' ? { column: database.column } : {}),
    ...(typeof database.constraint === 'string' ? { constraint: database.constraint } : {}),
    ...(cause instanceof Error ? { causeType: cause.constructor.name } : {}),
    stack: framesOf(error) ?? '',
  };
}

interface LoggedRequest {
  method: string;
  url: string;
  routeOptions?: { url?: string };
  ip?: string;
}

/** Fastify's logger serializers: request lines carry the path without its query string (a search's words stay out). */
export const logSerializers = {
  req: (request: LoggedRequest) => ({ method: request.method, url: request.url.split('?')[0], route: request.routeOptions?.url }),
  err: safeError,
};
