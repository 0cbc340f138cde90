/**
 * The signed-in caller as every layer sees it. A plain type of its own so users, chat and the HTTP
 * plumbing take it without importing the auth module (auth creates users through the users service).
 */

export interface AuthUser {
  id: number;
  /** Lower-case wallet address. */
  account: string;
  role: 'user' | 'admin';
  /** Customer service (SERVICE_ADDRESSES): sees the desk inbox and answers for the desk. */
  serviceAgent: boolean;
  tokenHash: string;
}
