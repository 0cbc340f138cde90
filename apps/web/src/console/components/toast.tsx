/**
 * The console's one toast (issue 25 §15): every write says it went through, and a write held for a second
 * administrator (HTTP 202, four-eyes) says it was sent for approval, in a neutral tone rather than as a failure.
 * A status region, so a screen reader hears it without moving focus.
 */
import { useSyncExternalStore } from 'react';

export type ToastTone = 'success' | 'notice';
interface ConsoleToast {
  id: number;
  message: string;
  tone: ToastTone;
}

/** Long enough to read a sentence after a dialog closes; an operator is not in a hurry the way a player is. */
const CONSOLE_TOAST_MS = 4000;

let current: ConsoleToast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Shows one message, replacing the one on screen. */
export function showConsoleToast(message: string, tone: ToastTone = 'success'): void {
  clearTimeout(timer);
  current = { id: nextId++, message, tone };
  emit();
  timer = setTimeout(() => {
    current = null;
    emit();
  }, CONSOLE_TOAST_MS);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function ToastHost() {
  const toast = useSyncExternalStore(subscribe, () => current);
  return (
    <div className="toast-host" role="status" aria-live="polite">
      {toast && (
        <p key={toast.id} className={`toast toast--${toast.tone}`} data-testid="console-toast" data-tone={toast.tone}>
          {toast.message}
        </p>
      )}
    </div>
  );
}
