/**
 * The server's clock as the page sees it. Countdowns to a session count against the server's business time,
 * not the phone's: a phone set a minute fast would otherwise show "open" while the server still refuses, and a
 * test that moves the server clock would not move the page. One reading of the server's time, taken between
 * the moment the request left and the moment its answer arrived, gives the offset; the server read its clock
 * somewhere in that interval, so its middle is the best guess and half the round trip is the error bound.
 */

/** One reading: the server's time (ISO) and the phone's clock (epoch ms) when the request left and when it came back. */
export interface ClockSample {
  serverTime: string;
  sentAtMs: number;
  receivedAtMs: number;
}

/** server time − phone time, in ms, with how far off it may be (half the round trip). */
export interface ClockOffset {
  offsetMs: number;
  uncertaintyMs: number;
}

/** The offset one sample implies; null when the server's time does not parse or the phone's clock went backwards. */
export function offsetFromSample(sample: ClockSample): ClockOffset | null {
  const serverMs = Date.parse(sample.serverTime);
  if (Number.isNaN(serverMs) || sample.receivedAtMs < sample.sentAtMs) return null;
  const roundTrip = sample.receivedAtMs - sample.sentAtMs;
  // Whole milliseconds throughout: the middle of the round trip, rounded down.
  return { offsetMs: serverMs - sample.sentAtMs - Math.floor(roundTrip / 2), uncertaintyMs: Math.ceil(roundTrip / 2) };
}

/**
 * Keeps the better of two offsets: the one with the shorter round trip (NTP's rule), unless the newer one
 * disagrees by more than both error bounds together — then the clock moved (a test moved the server's clock, or
 * the phone's was set) and the old reading is simply wrong, however precise it was.
 */
export function betterOffset(current: ClockOffset | null, next: ClockOffset | null): ClockOffset | null {
  if (next === null) return current;
  if (current === null) return next;
  const disagreement = Math.abs(next.offsetMs - current.offsetMs);
  if (disagreement > current.uncertaintyMs + next.uncertaintyMs) return next;
  return next.uncertaintyMs <= current.uncertaintyMs ? next : current;
}

/** The server's time now, in epoch ms, from the phone's clock and the offset (0 until a reading arrives). */
export function serverNowMs(offset: ClockOffset | null, phoneNowMs: number): number {
  return phoneNowMs + (offset?.offsetMs ?? 0);
}
