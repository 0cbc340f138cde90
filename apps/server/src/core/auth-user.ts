/**
 * The signed-in caller as every layer sees it. A plain type of its own so users, chat and the HTTP
 * plumbing take it without importing the auth module (auth creates users through the users service).
 */

import type { OperatorRole } from '@reef/contract';

export interface AuthUser {
  id: number;
  /** Lower-case wallet address. */
  account: string;
  /** 'admin' for an administrator (user info's `role`); the console's rights follow `roles`. */
  role: 'user' | 'admin';
  /** The operator roles held at this request (`operator_roles`, decision 082): empty for an ordinary user. */
  roles: readonly OperatorRole[];
  /** Customer service (the service_agent role): sees the desk inbox and answers for the desk. */
  serviceAgent: boolean;
  /** Frozen by an operator: signs in and reads, moves no money (decision 084). */
  frozen: boolean;
  tokenHash: string;
}

/** Who holds which operator role and who is frozen, at one moment (read from the operators' tables). */
export interface AccessSnapshot {
  roles: ReadonlyMap<string, readonly OperatorRole[]>;
  frozen: ReadonlySet<number>;
}

/**
 * Where the sign-in check reads roles and the frozen flag: the operators module's access book, handed to auth by the
 * HTTP plumbing and the socket gateway, so auth never imports the operators module (decision 107).
 */
export interface AccessSource {
  current(): Promise<AccessSnapshot>;
}
