import { PAY_PASSWORD_LENGTH } from '@reef/contract';

/** Keeps only digits, at most six: the transaction password field never holds something the rule refuses for its form. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '').slice(0, PAY_PASSWORD_LENGTH);
}
