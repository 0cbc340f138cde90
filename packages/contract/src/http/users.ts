import * as z from 'zod/mini';
import { address, amountString, assetKey, endpoint, uid } from '../common.js';

export const balance = z.object({ key: assetKey, symbol: z.string(), amount: amountString });

export const userInfo = z.object({
  uid,
  account: address,
  /** First 4 + "..." + last 4 characters of the account. */
  address: z.string(),
  nickname: z.string(),
  level: z.int(),
  pledged: z.boolean(),
  invite_address: z.nullable(address),
  has_pay_password: z.boolean(),
  role: z.enum(['user', 'admin']),
  /** Customer service (SERVICE_ADDRESSES): the chat pages show the desk inbox. */
  service_agent: z.boolean(),
  balances: z.array(balance),
});
export type UserInfo = z.infer<typeof userInfo>;

export const getUserInfo = endpoint('GET /api/user/info', 'user', { response: userInfo });

export const bindReferrer = endpoint('POST /api/binding', 'user', {
  body: z.object({ address }),
  response: z.object({ invite_address: address }),
});
