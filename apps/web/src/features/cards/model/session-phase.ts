/**
 * Where a card type's session stands at a moment of the server's clock. The server derives the same from its
 * own clock (a late open/close job never lets a buy through outside the window), so the page derives it too
 * instead of trusting a state that was true when the list was fetched: a page left open across the opening
 * second enables its buttons at that second, and refetches to learn the stock.
 */

export interface SessionWindow {
  /** Epoch ms, server time. */
  opensAtMs: number;
  closesAtMs: number;
  /** An operator closed it before its time: closed whatever the clock says. */
  closedEarly?: boolean;
}

/** Spec §4: a session is not started or in progress; after its window it is over. */
export type SessionPhase = 'upcoming' | 'open' | 'closed';

export function sessionPhase(session: SessionWindow, nowMs: number): SessionPhase {
  if (session.closedEarly || nowMs >= session.closesAtMs) return 'closed';
  return nowMs >= session.opensAtMs ? 'open' : 'upcoming';
}

/**
 * The next moment the phase changes (when the page should look again), or null once it is closed: the opening
 * while upcoming, the closing while open.
 */
export function nextSessionChangeMs(session: SessionWindow, nowMs: number): number | null {
  switch (sessionPhase(session, nowMs)) {
    case 'upcoming':
      return session.opensAtMs;
    case 'open':
      return session.closesAtMs;
    case 'closed':
      return null;
  }
}

/** An ISO window from the server as epoch ms; null when a time does not parse (nothing is shown as open then). */
export function sessionWindow(opensAt: string, closesAt: string, closedEarly = false): SessionWindow | null {
  const opensAtMs = Date.parse(opensAt);
  const closesAtMs = Date.parse(closesAt);
  if (Number.isNaN(opensAtMs) || Number.isNaN(closesAtMs)) return null;
  return { opensAtMs, closesAtMs, closedEarly };
}

/**
 * Stock shown as a bar: the share sold, 0–100, from the counts the server gives. Whole percent, rounded down,
 * so a bar reads 100 % only when nothing is left.
 */
export function soldPercent(sold: number, stock: number): number {
  if (stock <= 0) return 100;
  const clamped = Math.min(Math.max(sold, 0), stock);
  return Math.floor((clamped * 100) / stock);
}
