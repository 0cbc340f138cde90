import { useEffect, useRef, useState } from 'react';
import { countdownParts, msUntilNextTick, type CountdownParts } from './countdown';
import { serverNowMs, type ClockOffset } from './server-clock';

/**
 * The time left until `targetMs` (server time), re-rendered exactly when the shown second changes, and
 * `onZero` called once when it reaches zero — the page refetches then, so a session that opens while the page is
 * open enables its buttons without a reload. A timer chain woken at each second boundary, not a 1 s interval: a
 * late interval would skip a second on screen.
 */
export function useCountdown(targetMs: number | null, offset: ClockOffset | null, onZero?: () => void): CountdownParts | null {
  const [now, setNow] = useState(() => serverNowMs(offset, Date.now()));
  const onZeroRef = useRef(onZero);
  useEffect(() => {
    onZeroRef.current = onZero;
  });

  useEffect(() => {
    if (targetMs === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const tick = () => {
      const current = serverNowMs(offset, Date.now());
      setNow(current);
      const wait = msUntilNextTick(targetMs, current);
      if (wait === null) {
        onZeroRef.current?.();
        return;
      }
      // A few ms past the boundary, so the next reading is already on the new second.
      if (!cancelled) timer = setTimeout(tick, wait + 5);
    };
    const first = msUntilNextTick(targetMs, serverNowMs(offset, Date.now()));
    // Already past when mounted: the data is stale, so ask once; otherwise start the chain.
    if (first === null) onZeroRef.current?.();
    else timer = setTimeout(tick, first + 5);
    setNow(serverNowMs(offset, Date.now()));
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [targetMs, offset]);

  return targetMs === null ? null : countdownParts(targetMs, now);
}
