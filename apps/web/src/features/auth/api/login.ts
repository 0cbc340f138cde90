import { authApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';
import type { LoginBody } from '../../../lib/wallet/sign-in';

export type { LoginBody };

/** POST /api/login — exchanges a signed sign-in message for a token. Refusals reach the caller. */
export function login(body: LoginBody) {
  return callApi(authApi.login, { body });
}
