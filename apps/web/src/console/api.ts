/**
 * The console's API client: one contract endpoint in, its parsed `data` out. Smaller than the mobile app's (no
 * toasts, no catalogue): a refusal is thrown with the server's localized message for the page to show, and an
 * expired session signs the operator out.
 */
import * as z from 'zod/mini';
import { AUTH_STATUSES, envelope, refusalData, STATUS_OK, type Endpoint } from '@reef/contract';
import { consoleToken, setConsoleToken } from './session';
import { consoleLanguage } from './i18n';

export class ConsoleApiError extends Error {
  override name = 'ConsoleApiError';
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

type Input<S> = S extends z.ZodMiniType ? z.input<S> : never;

export interface ConsoleCall<E extends Endpoint> {
  params?: Input<E['params']>;
  query?: Input<E['query']>;
  body?: Input<E['body']>;
  /** Sent as Idempotency-Key: money moves are applied once however often the button is pressed. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

const anyEnvelope = envelope(z.unknown());

export function endpointUrl(path: string, params?: unknown, query?: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const filled = path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(String(values[name])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

export async function call<E extends Endpoint>(endpoint: E, options: ConsoleCall<E> = {}): Promise<z.output<E['response']>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': consoleLanguage() };
  const token = consoleToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(endpointUrl(endpoint.path, options.params, options.query), { method: endpoint.method, headers, body, signal: options.signal });
  const parsed = anyEnvelope.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ConsoleApiError('TRANSPORT', `HTTP ${response.status}`, response.status);
  const { status, msg, data } = parsed.data;
  if ((AUTH_STATUSES as readonly number[]).includes(status)) {
    setConsoleToken(null);
    throw new ConsoleApiError('UNAUTHORIZED', msg, status);
  }
  if (status !== STATUS_OK || !response.ok) {
    const refusal = refusalData.safeParse(data);
    throw new ConsoleApiError(refusal.success ? refusal.data.code : 'UNKNOWN', msg, status);
  }
  // Held by the policy for a second administrator (decision 092): nothing ran, the page shows the server's message.
  if (response.status === 202) throw new ConsoleApiError('APPROVAL_PENDING', msg, response.status);
  return endpoint.response.parse(data) as z.output<E['response']>;
}
