import { authApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';

/** GET /api/login/nonce — a fresh nonce per sign-in attempt, so it is fetched, never cached. */
export function getLoginNonce() {
  return callApi(authApi.loginNonce);
}
