import { authApi } from '@reef/contract';
import { currentLanguage } from '../../../i18n';
import { requestEndpoint } from '../../../lib/api-request';

/**
 * POST /api/logout — revokes `token`, a session this device has already ended (so no other call goes out with it
 * and meets the revoked token). Sent without the app's toasts: the user leaves whatever the answer.
 */
export function logoutRequest(token: string) {
  return requestEndpoint(authApi.logout, {}, { token, language: currentLanguage() });
}
