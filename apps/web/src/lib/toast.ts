import { useSyncExternalStore } from 'react';
import { TOAST_MS } from '@reef/contract';

export interface Toast {
  id: number;
  message: string;
  durationMs: number;
}

let current: Toast | null = null;
let nextId = 1;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** One toast at a time, like the original app: a new message replaces the one on screen. */
export function showToast(message: string, durationMs: number = TOAST_MS): void {
  clearTimeout(hideTimer);
  current = { id: nextId++, message, durationMs };
  emit();
  hideTimer = setTimeout(hideToast, durationMs);
}

export function hideToast(): void {
  clearTimeout(hideTimer);
  if (current === null) return;
  current = null;
  emit();
}

export function currentToast(): Toast | null {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToast(): Toast | null {
  return useSyncExternalStore(subscribe, currentToast, () => null);
}
