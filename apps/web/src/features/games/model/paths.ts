import { pagePath } from '../../../lib/pages';

/** The verify page (not a spec §2 page; the game zone links it): `?round=<id>`, optionally `&seed=<revealed seed>`. */
export const VERIFY_ROUTE = '/pages/game/verify';

export const gamePaths = {
  blindBox: () => pagePath('game/index'),
  slot: () => pagePath('game/tiger/tiger'),
  room: () => pagePath('user/gameRoom'),
  verify: (roundId: number, serverSeed?: string | null) => `${VERIFY_ROUTE}?round=${roundId}${serverSeed ? `&seed=${encodeURIComponent(serverSeed)}` : ''}`,
};

/** A stake as typed: digits with at most 2 decimals, above zero (the server checks it again). */
export function stakeProblem(amount: string): 'required' | 'invalid' | null {
  const trimmed = amount.trim();
  if (trimmed === '') return 'required';
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(trimmed) || !/[1-9]/.test(trimmed)) return 'invalid';
  return null;
}
