import { useEffect, useRef, useState, type ReactNode } from 'react';
import { overflowSides } from '../model/overflow-cue';
import './bills.css';

/**
 * Wraps a horizontal scroller (its first child, e.g. the filter chips) and fades the side that hides more chips,
 * so a row cut at the screen edge reads as "scroll for more" rather than as the end of the list.
 */
export function ScrollCue({ children, testId }: { children: ReactNode; testId?: string }) {
  const wrapper = useRef<HTMLDivElement>(null);
  const [sides, setSides] = useState({ start: false, end: false });

  useEffect(() => {
    const scroller = wrapper.current?.firstElementChild;
    if (!(scroller instanceof HTMLElement)) return;
    const update = () => {
      const next = overflowSides(scroller.scrollLeft, scroller.clientWidth, scroller.scrollWidth);
      setSides((current) => (current.start === next.start && current.end === next.end ? current : next));
    };
    update();
    scroller.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(scroller);
    for (const child of Array.from(scroller.children)) observer?.observe(child);
    return () => {
      scroller.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [children]);

  return (
    <div ref={wrapper} className="scroll-cue" data-more-start={sides.start || undefined} data-more-end={sides.end || undefined} data-testid={testId}>
      {children}
    </div>
  );
}
