import { PAY_PASSWORD_LENGTH } from '@reef/contract';

export type PayPasswordProblem = 'oldRequired' | 'oldInvalid' | 'passwordRequired' | 'passwordInvalid' | 'confirmRequired' | 'mismatch';

const SIX_DIGITS = new RegExp(`^\\d{${PAY_PASSWORD_LENGTH}}$`);

export function isPayPassword(value: string): boolean {
  return SIX_DIGITS.test(value);
}

/** Spec §5: exactly six digits, the two entries match; changing needs the old one. */
export function checkPayPassword(input: { changing: boolean; old: string; password: string; confirm: string }): PayPasswordProblem | null {
  if (input.changing) {
    if (input.old === '') return 'oldRequired';
    if (!isPayPassword(input.old)) return 'oldInvalid';
  }
  if (input.password === '') return 'passwordRequired';
  if (!isPayPassword(input.password)) return 'passwordInvalid';
  if (input.confirm === '') return 'confirmRequired';
  if (input.confirm !== input.password) return 'mismatch';
  return null;
}
