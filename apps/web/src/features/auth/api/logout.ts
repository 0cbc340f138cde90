import { authApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';

/** POST /api/logout — revokes the token; quiet, because the user leaves whatever the answer. */
export function logoutRequest() {
  return callApi(authApi.logout, { quiet: true });
}
