/**
 * The app's API client: `requestEndpoint` (`api-request.ts`, shared with the console) with the app's session and
 * language, and what the app tells its user: a toast for a transport failure or a 429, a forced logout (and the
 * login prompt) when the session is over. Refusals go to the caller, whose form shows the server's localized msg.
 */
import type * as z from 'zod/mini';
import { STATUS_TOO_FREQUENT, TRANSPORT_ERROR_TOAST_MS, type Endpoint } from '@reef/contract';
import { currentLanguage, t as translate } from '../i18n';
import { ApiError, isSignedOut, requestEndpoint, TransportError, type RequestOptions } from './api-request';
import { forceLogout, getSession } from './session';
import { showToast } from './toast';

export { ApiError, buildUrl, TransportError } from './api-request';

export interface CallOptions<E extends Endpoint> extends RequestOptions<E> {
  /** No toast and no forced logout, for calls whose failure the user need not hear about. */
  quiet?: boolean;
}

/**
 * Calls one contract endpoint and returns its `data`, parsed with the endpoint's response schema.
 * Transport failures, 429 and forced logouts are handled (and toasted) here; refusals are thrown
 * as ApiError for the caller, whose form shows the server's localized msg.
 */
export async function callApi<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<z.output<E['response']>> {
  const { quiet = false, ...request } = options;
  const { token } = getSession();
  try {
    return await requestEndpoint(endpoint, request, { token, language: currentLanguage() });
  } catch (error) {
    // The caller gave up (a query was cancelled): nobody waits for an answer, so say nothing.
    if (options.signal?.aborted) throw error;
    // Sent with a session that has ended since (a logout while it was on its way): its refusal is no news.
    if (token !== getSession().token && isSignedOut(error)) throw error;
    throw told(error, quiet);
  }
}

/** The error as the caller gets it, once the user has heard what a form would not tell them. */
function told(error: unknown, quiet: boolean): unknown {
  if (error instanceof TransportError) {
    if (!quiet) showToast(translate('errors.transport'), TRANSPORT_ERROR_TOAST_MS);
    return new TransportError(error.message, !quiet);
  }
  if (!(error instanceof ApiError)) return error;
  if (error.status === STATUS_TOO_FREQUENT) {
    const message = error.message || translate('errors.tooFrequent');
    if (!quiet) showToast(message);
    return new ApiError(error.code, message, error.status, !quiet);
  }
  if (isSignedOut(error)) {
    if (!quiet) forceLogout();
    return new ApiError(error.code, error.message, error.status, !quiet);
  }
  return error.message ? error : new ApiError(error.code, translate('errors.generic'), error.status);
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
