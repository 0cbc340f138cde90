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
 * Stops the browser's own submission of a form. It must happen synchronously and also for an
 * ignored repeat click: a form that falls through submits as a GET to the page's own URL, which
 * reloads the app and loses everything typed.
 */
export function preventNativeSubmit(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  const event = value as { type?: unknown; preventDefault?: unknown };
  if (event.type === 'submit' && typeof event.preventDefault === 'function') (event as { preventDefault(): void }).preventDefault();
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
      preventNativeSubmit(args[0]);
      if (!guard.accept(Date.now())) return;
      Promise.resolve()
        .then(() => handlerRef.current(...args))
        .catch(() => undefined)
        .finally(() => guard.settle());
    },
    [guard],
  );
}
