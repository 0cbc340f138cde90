/** Basis points as a percentage, exact: 500 → "5", 25 → "0.25", 12345 → "123.45". */
export function bpPercent(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const cents = String(Math.abs(bp % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  return cents === '' ? String(whole) : `${whole}.${cents}`;
}
