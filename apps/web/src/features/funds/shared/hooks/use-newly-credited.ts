import { useEffect, useRef } from 'react';

/**
 * Calls `onLanded` with the rows that became `credited` since the list was last seen (never for the first
 * load: those were credited before the user came). The lists poll while a payment confirms, so this is how a
 * page hears that the balance moved.
 */
export function useNewlyCredited<T extends { id: number; status: string }>(list: readonly T[] | undefined, onLanded: (landed: T[]) => void): void {
  const credited = useRef<Set<number> | null>(null);
  const onLandedRef = useRef(onLanded);
  useEffect(() => {
    onLandedRef.current = onLanded;
  });
  useEffect(() => {
    if (list === undefined) return;
    const now = list.filter((row) => row.status === 'credited');
    const before = credited.current;
    credited.current = new Set(now.map((row) => row.id));
    if (before === null) return;
    const landed = now.filter((row) => !before.has(row.id));
    if (landed.length > 0) onLandedRef.current(landed);
  }, [list]);
}
