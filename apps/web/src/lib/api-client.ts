import * as z from 'zod/mini';
import {
  AUTH_STATUSES,
  envelope,
  refusalData,
  REQUEST_TIMEOUT_MS,
  STATUS_OK,
  STATUS_TOO_FREQUENT,
  TRANSPORT_ERROR_TOAST_MS,
  type Endpoint,
} from '@reef/contract';
import { currentLanguage, t as translate } from '../i18n';
import { forceLogout, getSession } from './session';
import { showToast } from './toast';

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

export interface CallOptions<E extends Endpoint> {
  params?: Input<E['params']>;
  query?: Input<E['query']>;
  body?: Input<E['body']>;
  /** A multipart body (file uploads), for endpoints whose contract has no JSON body. */
  formData?: FormData;
  /** Sent as Idempotency-Key: one per user action, the same on a retry of that action. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** No toast and no forced logout, for calls whose failure the user need not hear about. */
  quiet?: boolean;
}

const anyEnvelope = envelope(z.unknown());

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

export function buildUrl(path: string, params?: unknown, query?: unknown): string {
  const filled = path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = asRecord(params)[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(asRecord(query))) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/**
 * Calls one contract endpoint and returns its `data`, parsed with the endpoint's response schema.
 * Transport failures, 429 and forced logouts are handled (and toasted) here; refusals are thrown
 * as ApiError for the caller, whose form shows the server's localized msg.
 */
export async function callApi<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<z.output<E['response']>> {
  const { quiet = false } = options;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  const { token } = getSession();
  // Every call carries the token when there is one (spec §7); public endpoints ignore it.
  if (token) headers.Authorization = `Bearer ${token}`;
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

  const transportFailure = (reason: string): TransportError => {
    if (!quiet) showToast(translate('errors.transport'), TRANSPORT_ERROR_TOAST_MS);
    return new TransportError(reason, !quiet);
  };

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
    // The caller gave up (a query was cancelled): nobody waits for an answer, so say nothing.
    if (options.signal?.aborted) throw error;
    throw transportFailure(controller.signal.aborted ? 'timeout' : String(error));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }

  const parsed = anyEnvelope.safeParse(json);
  if (httpStatus === STATUS_TOO_FREQUENT || (parsed.success && parsed.data.status === STATUS_TOO_FREQUENT)) {
    const message = (parsed.success && parsed.data.msg) || translate('errors.tooFrequent');
    if (!quiet) showToast(message);
    throw new ApiError('TOO_FREQUENT', message, STATUS_TOO_FREQUENT, !quiet);
  }
  if (!parsed.success) throw transportFailure(`HTTP ${httpStatus}: not an envelope`);
  const { status, msg, data } = parsed.data;

  if ((AUTH_STATUSES as readonly number[]).includes(status)) {
    if (!quiet) forceLogout();
    throw new ApiError('UNAUTHORIZED', msg, status, !quiet);
  }
  if (status !== STATUS_OK || httpStatus < 200 || httpStatus >= 300) {
    const refusal = refusalData.safeParse(data);
    const code = refusal.success ? refusal.data.code : 'UNKNOWN';
    throw new ApiError(code, msg || translate('errors.generic'), status);
  }

  const result = endpoint.response.safeParse(data);
  if (!result.success) {
    console.error(`Response of ${endpoint.method} ${endpoint.path} breaks the contract`, result.error);
    throw transportFailure('response does not match the contract');
  }
  return result.data as z.output<E['response']>;
}

/** For forms: shows a refusal's msg unless it was already shown (429, forced logout, transport). */
export function toastError(error: unknown): void {
  if (error instanceof ApiError || error instanceof TransportError) {
    if (!error.shown) showToast(error.message);
    return;
  }
  showToast(translate('errors.generic'));
}

/**
 * A stored upload that is served to its owner and operators only (a recharge voucher, decision 037): an
 * <img src> cannot send the token, so the bytes are fetched with it and shown from a blob URL.
 */
export async function fetchOwnUpload(address: string, signal?: AbortSignal): Promise<Blob> {
  const { token } = getSession();
  const response = await fetch(address, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  if (!response.ok) throw new TransportError(`upload answered ${response.status}`, false);
  return response.blob();
}
