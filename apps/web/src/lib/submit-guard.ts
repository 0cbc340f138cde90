import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { SUBMIT_DEBOUNCE_MS } from '@reef/contract';

export interface SubmitGuard {
  /** True when this click may run: not within `debounceMs` of the last accepted click and nothing pending. */
  accept(now: number): boolean;
  settle(): void;
}

export function createSubmitGuard(debounceMs: number = SUBMIT_DEBOUNCE_MS): SubmitGuard {
  let lastAcceptedAt = Number.NEGATIVE_INFINITY;
  let pending = false;
  return {
    accept(now) {
      if (pending || now - lastAcceptedAt < debounceMs) return false;
      lastAcceptedAt = now;
      pending = true;
      return true;
    },
    settle() {
      pending = false;
    },
  };
}

/**
 * Wraps a submit handler: repeated clicks within 500 ms, or while the previous submit is still
 * running, are ignored, so a double tap never sends a money call twice.
 */
export function useGuardedSubmit<A extends unknown[]>(handler: (...args: A) => Promise<unknown> | void): (...args: A) => void {
  const [guard] = useState(createSubmitGuard);
  const handlerRef = useRef(handler);
  useLayoutEffect(() => {
    handlerRef.current = handler;
  });
  return useCallback(
    (...args: A) => {
      if (!guard.accept(Date.now())) return;
      Promise.resolve()
        .then(() => handlerRef.current(...args))
        .catch(() => undefined)
        .finally(() => guard.settle());
    },
    [guard],
  );
}
