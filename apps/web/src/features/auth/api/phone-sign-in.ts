import { phoneApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';

/** POST /api/register with purpose 'login': a code for a number some account has bound (decision 076). */
export function sendLoginCode(phone: string) {
  return callApi(phoneApi.sendCode, { body: { phone, purpose: 'login' } });
}

/** POST /api/login/mobile — the token of the account with this phone, and its wallet address. */
export function loginMobile(phone: string, code: string) {
  return callApi(phoneApi.loginMobile, { body: { phone, code } });
}
