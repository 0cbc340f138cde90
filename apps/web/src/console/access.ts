import { createContext, useContext } from 'react';
import { allowedRoles, type Endpoint, type OperatorRole } from '@reef/contract';

export interface Operator {
  uid: number;
  account: string;
  roles: readonly OperatorRole[];
}

export const OperatorContext = createContext<Operator | null>(null);

export function useOperator(): Operator {
  const operator = useContext(OperatorContext);
  if (!operator) throw new Error('useOperator outside the signed-in console');
  return operator;
}

/** Whether the contract's role table lets one of these roles call the endpoint: the same rule the server applies. */
export function mayCall(roles: readonly OperatorRole[], endpoint: Pick<Endpoint, 'auth' | 'method' | 'roles'>): boolean {
  const allowed = allowedRoles(endpoint);
  return roles.some((role) => allowed.includes(role));
}

export function useCan(endpoint: Pick<Endpoint, 'auth' | 'method' | 'roles'>): boolean {
  return mayCall(useOperator().roles, endpoint);
}
