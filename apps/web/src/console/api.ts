/**
 * The console's API client: the app's `requestEndpoint` (`lib/api-request.ts`) with the operator's own token and
 * language. Smaller than the app's (no toasts, no catalogue): a refusal is thrown with the server's localized message
 * for the page to show, and an expired session signs the operator out.
 */
import type * as z from 'zod/mini';
import type { Endpoint } from '@reef/contract';
import { isSignedOut, requestEndpoint, type RequestOptions } from '../lib/api-request';
import { consoleToken, setConsoleToken } from './session';
import { consoleLanguage } from './i18n';

export { ApiError } from '../lib/api-request';

export async function call<E extends Endpoint>(endpoint: E, options: RequestOptions<E> = {}): Promise<z.output<E['response']>> {
  try {
    return await requestEndpoint(endpoint, options, { token: consoleToken(), language: consoleLanguage() });
  } catch (error) {
    if (isSignedOut(error)) setConsoleToken(null);
    throw error;
  }
}
