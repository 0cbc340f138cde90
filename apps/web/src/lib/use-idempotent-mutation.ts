import { useCallback, useState } from 'react';
import { ApiError } from './api-request';
import { createIdempotencyKeeper, type IdempotencyKeeper } from './idempotency';
import { useGuardedSubmit } from './submit-guard';

/** `answered`: the server replied, the action is over. `unknown`: no reply, it may have happened. */
export type MutationOutcome = 'answered' | 'unknown';

export interface IdempotentMutationOptions<TIntent, TResult> {
  /**
   * What this submit asks for, or null when the form shows a problem instead of sending. The key is
   * chosen after it, so a submit the form refuses never spends one.
   */
  intent: () => TIntent | null | Promise<TIntent | null>;
  /**
   * The part of the intent that makes two submits the same action; the whole intent when omitted. What the
   * server leaves out of its own key digest (a password) stays out of it too.
   */
  fingerprint?: (intent: TIntent) => unknown;
  send: (intent: TIntent, idempotencyKey: string) => Promise<TResult>;
  onSuccess: (result: TResult, intent: TIntent) => void;
  onError: (error: unknown, outcome: MutationOutcome, intent: TIntent) => void;
}

/**
 * One money submit: the intent, its key (kept while the same intent is retried after no answer, new once
 * the inputs change or the server answered), the call, and the outcome. Exposed apart from the hook so the
 * key rules are tested without a renderer.
 */
export async function runIdempotentMutation<TIntent, TResult>(keeper: IdempotencyKeeper, options: IdempotentMutationOptions<TIntent, TResult>): Promise<void> {
  const intent = await options.intent();
  if (intent === null) return;
  const fingerprint = options.fingerprint === undefined ? intent : options.fingerprint(intent);
  const idempotencyKey = keeper.keyFor(JSON.stringify(fingerprint));
  let result: TResult;
  try {
    result = await options.send(intent, idempotencyKey);
  } catch (error) {
    const outcome: MutationOutcome = error instanceof ApiError ? 'answered' : 'unknown';
    keeper.settle(outcome);
    options.onError(error, outcome, intent);
    return;
  }
  keeper.settle('answered');
  options.onSuccess(result, intent);
}

/**
 * The runner behind useIdempotentMutation, for a component that drives its money calls itself and awaits each one
 * (the slot's auto-spin): the same key rules, one keeper for the component's life, and no submit guard, so the
 * component must run one call at a time (its button is disabled while one runs).
 */
export function useIdempotentRunner(): <TIntent, TResult>(options: IdempotentMutationOptions<TIntent, TResult>) => Promise<void> {
  const [keeper] = useState(createIdempotencyKeeper);
  return useCallback((options) => runIdempotentMutation(keeper, options), [keeper]);
}

/**
 * The submit handler of a money form: pass it as the form's `onSubmit` (it cancels the browser's own submit,
 * also for an ignored repeat) or as a button's `onClick`. Repeats within 500 ms or while a call is pending are
 * ignored, and every intent carries one Idempotency-Key, so neither a double tap nor a retry moves money twice.
 */
export function useIdempotentMutation<TIntent, TResult>(options: IdempotentMutationOptions<TIntent, TResult>): (event?: unknown) => void {
  const run = useIdempotentRunner();
  return useGuardedSubmit((_event?: unknown) => run(options));
}
