import type * as z from 'zod/mini';
import { authApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';

export type LoginBody = z.input<typeof authApi.login.body>;

/** POST /api/login — exchanges a signed sign-in message for a token. Refusals reach the caller. */
export function login(body: LoginBody) {
  return callApi(authApi.login, { body });
}
