/**
 * One contract endpoint over HTTP, shared by the app (`api-client.ts`) and the operator console (`console/api.ts`):
 * the URL, the headers, the time-out, the envelope and the contract's parse. It tells no one anything (no toast, no
 * logout): each side decides that from the error it throws, so this file imports neither side's session nor strings
 * and the console's bundle stays free of the app's.
 */
import * as z from 'zod/mini';
import { AUTH_STATUSES, envelope, refusalData, REQUEST_TIMEOUT_MS, STATUS_OK, STATUS_TOO_FREQUENT, type Endpoint } from '@reef/contract';

/** The server answered and refused (envelope status ≠ 200). `shown` tells whether it was already toasted. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly shown = false,
  ) {
    super(message);
  }
}

/** No usable answer: network down, time-out, not JSON, or a body that breaks the contract. */
export class TransportError extends Error {
  override name = 'TransportError';
  constructor(
    message: string,
    readonly shown: boolean,
  ) {
    super(message);
  }
}

type Input<S> = S extends z.ZodMiniType ? z.input<S> : never;

export interface RequestOptions<E extends Endpoint> {
  params?: Input<E['params']>;
  query?: Input<E['query']>;
  body?: Input<E['body']>;
  /** A multipart body (file uploads), for endpoints whose contract has no JSON body. */
  formData?: FormData;
  /** Sent as Idempotency-Key: one per user action, the same on a retry of that action. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** Who is asking: the side's bearer token (none when signed out) and its language for the server's messages. */
export interface Requester {
  token: string | null;
  language: string;
}

const anyEnvelope = envelope(z.unknown());

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/**
 * A missing path parameter throws: `/api/users/undefined` would reach some other row or a 404 nobody understands.
 * An empty query value (undefined, null, '') is left out, as an unset filter: the contracts treat a field that is
 * absent as "any", and an empty string would fail their `min(1)` or match nothing.
 */
export function buildUrl(path: string, params?: unknown, query?: unknown): string {
  const filled = path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = asRecord(params)[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(asRecord(query))) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/** The statuses that end a session: the side signs its user out. */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && (AUTH_STATUSES as readonly number[]).includes(error.status);
}

/**
 * Calls one contract endpoint and returns its `data`, parsed with the endpoint's response schema. Throws
 * TransportError when there is no usable answer and ApiError when the server refused (code `TOO_FREQUENT` for
 * 429, `UNAUTHORIZED` for a session that is over, `APPROVAL_PENDING` for an admin write held for a second
 * administrator). A caller's own cancellation is rethrown as it is.
 */
export async function requestEndpoint<E extends Endpoint>(endpoint: E, options: RequestOptions<E>, requester: Requester): Promise<z.output<E['response']>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': requester.language };
  // Every call carries the token when there is one (spec §7); public endpoints ignore it.
  if (requester.token) headers.Authorization = `Bearer ${requester.token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let body: string | FormData | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  } else if (options.formData !== undefined) {
    // No Content-Type here: the browser sets multipart/form-data with its boundary.
    body = options.formData;
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  let httpStatus: number;
  let json: unknown;
  try {
    const response = await fetch(buildUrl(endpoint.path, options.params, options.query), {
      method: endpoint.method,
      headers,
      body,
      signal: controller.signal,
    });
    httpStatus = response.status;
    json = await response.json();
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new TransportError(controller.signal.aborted ? 'timeout' : String(error), false);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }

  const parsed = anyEnvelope.safeParse(json);
  if (httpStatus === STATUS_TOO_FREQUENT || (parsed.success && parsed.data.status === STATUS_TOO_FREQUENT)) {
    throw new ApiError('TOO_FREQUENT', parsed.success ? parsed.data.msg : '', STATUS_TOO_FREQUENT);
  }
  if (!parsed.success) throw new TransportError(`HTTP ${httpStatus}: not an envelope`, false);
  const { status, msg, data } = parsed.data;

  if ((AUTH_STATUSES as readonly number[]).includes(status)) throw new ApiError('UNAUTHORIZED', msg, status);
  if (status !== STATUS_OK || httpStatus < 200 || httpStatus >= 300) {
    const refusal = refusalData.safeParse(data);
    throw new ApiError(refusal.success ? refusal.data.code : 'UNKNOWN', msg, status);
  }
  // Held by the policy for a second administrator (decision 092): nothing ran, the caller shows the server's message.
  if (httpStatus === 202) throw new ApiError('APPROVAL_PENDING', msg, httpStatus);

  const result = endpoint.response.safeParse(data);
  if (!result.success) {
    console.error(`Response of ${endpoint.method} ${endpoint.path} breaks the contract`, result.error);
    throw new TransportError('response does not match the contract', false);
  }
  return result.data as z.output<E['response']>;
}
