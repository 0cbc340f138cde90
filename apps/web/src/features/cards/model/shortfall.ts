/**
 * Which balance a refusal says ran short, so the page offers the fitting way on (spec §8): RUSD leads to the RUSD
 * charge page; fuel and trading points cannot be bought there, so the page says so and where they come from.
 */
export type Shortfall = 'rusd' | 'fuel' | 'trade';

const SHORTFALLS: Record<string, Shortfall> = {
  INSUFFICIENT_RUSD: 'rusd',
  INSUFFICIENT_FUEL: 'fuel',
  INSUFFICIENT_TRADE: 'trade',
};

export function shortfallOf(code: string): Shortfall | null {
  return SHORTFALLS[code] ?? null;
}
