/**
 * WeChat's access token and jsapi ticket (decision 066): fetched from WeChat's API, cached until they expire and
 * shared through a `CredentialStore`, one refresh at a time. Time here is the real clock (`now` is injected for the
 * tests): expiry is WeChat's, not business time.
 */
import type { WechatConfig } from '../../config.js';
import type { CredentialStore } from './credential-store.js';

/** A call WeChat answered with an error code, or that did not get an answer. */
export class WechatApiError extends Error {
  constructor(
    readonly endpoint: string,
    /** WeChat's errcode; null when there was no usable answer (network, HTTP status, not JSON). */
    readonly errcode: number | null,
  ) {
    super(`WeChat ${endpoint} failed${errcode === null ? '' : ` with errcode ${errcode}`}`);
  }
}

/** errcodes meaning the access token itself is no longer good: drop it and fetch a new one once. */
const TOKEN_REJECTED = new Set([40001, 40014, 42001]);

/** Refreshed this long before WeChat's expiry (or at half the lifetime when that is shorter). */
export const EXPIRY_MARGIN_MS = 5 * 60_000;
/** How long a request waits for another process's refresh before it tries to refresh itself. */
const WAIT_STEP_MS = 50;
const WAIT_LIMIT_MS = 30_000;
const CALL_TIMEOUT_MS = 10_000;

export interface WechatClientOptions {
  config: WechatConfig;
  store: CredentialStore;
  now?: () => number;
  /** Told about each failed WeChat call (the routes log it; the refusal the client gets says only 'unavailable'). */
  onError?: (error: WechatApiError) => void;
}

export class WechatClient {
  private readonly now: () => number;
  /** Requests of this process waiting for the same refresh share it. */
  private readonly inFlight = new Map<string, Promise<string>>();
  /** WeChat calls made by this process, by endpoint (the caching tests read it). */
  readonly calls = { token: 0, ticket: 0 };

  constructor(private readonly options: WechatClientOptions) {
    this.now = options.now ?? Date.now;
  }

  get appId(): string {
    return this.options.config.appId;
  }

  jsapiTicket(): Promise<string> {
    return this.cached('jsapi_ticket', () => this.fetchTicket());
  }

  private accessToken(): Promise<string> {
    return this.cached('access_token', () => this.fetchToken());
  }

  private async cached(name: string, fetch: () => Promise<{ value: string; expiresInSeconds: number }>): Promise<string> {
    const hit = await this.options.store.get(name, this.now());
    if (hit !== null) return hit;
    let pending = this.inFlight.get(name);
    if (!pending) {
      pending = this.refresh(name, fetch).finally(() => this.inFlight.delete(name));
      this.inFlight.set(name, pending);
    }
    return pending;
  }

  private async refresh(name: string, fetch: () => Promise<{ value: string; expiresInSeconds: number }>): Promise<string> {
    const { store } = this.options;
    const deadline = this.now() + WAIT_LIMIT_MS;
    for (;;) {
      const locked = await store.tryLocked(name, async () => {
        // Another process may have refreshed between our miss and our lock.
        const fresh = await store.get(name, this.now());
        if (fresh !== null) return fresh;
        const fetchedAt = this.now();
        const { value, expiresInSeconds } = await fetch();
        const lifetime = expiresInSeconds * 1000;
        await store.put(name, { value, expiresAt: fetchedAt + lifetime - Math.min(EXPIRY_MARGIN_MS, lifetime / 2) }, this.now());
        return value;
      });
      if (locked) return locked.value;
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
      const shared = await store.get(name, this.now());
      if (shared !== null) return shared;
      if (this.now() > deadline) throw new WechatApiError(name, null);
    }
  }

  private async fetchToken() {
    const { appId, appSecret, apiBaseUrl } = this.options.config;
    this.calls.token++;
    const query = new URLSearchParams({ grant_type: 'client_credential', appid: appId, secret: appSecret });
    const body = await this.call('token', `${apiBaseUrl}/cgi-bin/token?${query}`);
    if (typeof body.access_token !== 'string' || typeof body.expires_in !== 'number') throw this.failed('token', body);
    return { value: body.access_token, expiresInSeconds: body.expires_in };
  }

  private async fetchTicket(retried = false): Promise<{ value: string; expiresInSeconds: number }> {
    const token = await this.accessToken();
    this.calls.ticket++;
    const query = new URLSearchParams({ access_token: token, type: 'jsapi' });
    const body = await this.call('ticket', `${this.options.config.apiBaseUrl}/cgi-bin/ticket/getticket?${query}`, true);
    if (typeof body.errcode === 'number' && TOKEN_REJECTED.has(body.errcode) && !retried) {
      // The token ended early (another system fetched a new one for this account): fetch ours again, once.
      await this.options.store.drop('access_token');
      return this.fetchTicket(true);
    }
    if (body.errcode !== 0 || typeof body.ticket !== 'string' || typeof body.expires_in !== 'number') throw this.failed('ticket', body);
    return { value: body.ticket, expiresInSeconds: body.expires_in };
  }

  private async call(endpoint: string, url: string, keepErrcode = false): Promise<Record<string, unknown>> {
    let body: unknown;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      body = await response.json();
    } catch {
      throw this.report(new WechatApiError(endpoint, null));
    }
    if (typeof body !== 'object' || body === null) throw this.report(new WechatApiError(endpoint, null));
    const record = body as Record<string, unknown>;
    if (!keepErrcode && typeof record.errcode === 'number' && record.errcode !== 0) throw this.failed(endpoint, record);
    return record;
  }

  private failed(endpoint: string, body: Record<string, unknown>): WechatApiError {
    return this.report(new WechatApiError(endpoint, typeof body.errcode === 'number' ? body.errcode : null));
  }

  private report(error: WechatApiError): WechatApiError {
    this.options.onError?.(error);
    return error;
  }
}
