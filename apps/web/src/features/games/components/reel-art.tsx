import type { ReactNode } from 'react';
import type { SlotSymbol } from '@reef/contract';
import { FishShapes } from '../../../components/ui/art/fish';

/**
 * The slot's Red Sea creatures, drawn in the app's own flat style (see components/ui/art/fish.tsx) rather than as
 * emoji: a phone without an emoji font showed empty boxes on the reels (issue 25 §6). Each is a 48 × 48 glyph in the
 * theme's palette. Named (role="img" + aria-label) where it carries the outcome, decorative on a spinning strip.
 */
const GLYPHS: Record<SlotSymbol, ReactNode> = {
  // The jackpot symbol: a tiger shark, slate with dark bars, facing left.
  tiger: (
    <>
      <path d="M4 26 C10 17 26 15 38 21 L46 12 L43 25 L46 37 L38 30 C26 35 10 34 4 26 Z" fill="var(--muted)" />
      <path d="M19 18.5 L26 7 L30 18.5 Z" fill="var(--muted)" />
      <path d="M16 30 L19 39 L24 31 Z" fill="#6f93a6" />
      <path d="M6 27.5 C14 31 26 31 35 28.5 C26 33.5 12 33.5 6 27.5 Z" fill="var(--text)" opacity="0.85" />
      <path d="M19 19.5 l-1.2 5 M24 18.5 l-1.2 6 M29 19 l-1.2 5.5 M34 21 l-1 4" stroke="var(--navy-700)" strokeWidth="2" strokeLinecap="round" />
      <path d="M13.5 23 q-1 3 0 6" stroke="var(--navy-700)" strokeWidth="1.2" fill="none" />
      <circle cx="9.5" cy="24" r="1.7" fill="var(--navy-950)" />
    </>
  ),
  dolphin: (
    <>
      <path
        d="M3 25 L9 23 C13 15 25 12 35 17 C40 20 42 24 43 27 L47 24.5 L46 33 L40 31 L42 29 C36 27 30 27 24 28 C18 29 12 29 9 27 Z"
        fill="var(--turquoise-deep)"
      />
      <path d="M24 14.5 L28 5.5 L31.5 15.5 Z" fill="var(--turquoise-deep)" />
      <path d="M9 27 C16 30 26 29.5 34 26.5 C28 31.5 16 32.5 9 27 Z" fill="var(--text)" opacity="0.85" />
      <path d="M20 28 L16.5 35.5 L25.5 28.5 Z" fill="#0e8f9c" />
      <circle cx="13" cy="21.8" r="1.6" fill="var(--navy-950)" />
    </>
  ),
  // A sea turtle seen from above: sand flippers and head under a green shell.
  turtle: (
    <>
      <g fill="var(--sand)">
        <ellipse cx="12" cy="15" rx="6.5" ry="3.2" transform="rotate(-35 12 15)" />
        <ellipse cx="36" cy="15" rx="6.5" ry="3.2" transform="rotate(35 36 15)" />
        <ellipse cx="14" cy="35" rx="5" ry="2.8" transform="rotate(35 14 35)" />
        <ellipse cx="34" cy="35" rx="5" ry="2.8" transform="rotate(-35 34 35)" />
        <circle cx="24" cy="7.5" r="4.6" />
        <path d="M22 39 L24 45 L26 39 Z" />
      </g>
      <ellipse cx="24" cy="24.5" rx="12.5" ry="14.5" fill="var(--positive)" stroke="#1f9d62" strokeWidth="1.6" />
      <path
        d="M24 16 L30 20 L30 28 L24 32 L18 28 L18 20 Z M24 10 V16 M30 20 L36 17 M30 28 L36 31 M24 32 V39 M18 28 L12 31 M18 20 L12 17"
        fill="none"
        stroke="#1f9d62"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <circle cx="22.4" cy="6.4" r="0.9" fill="var(--navy-950)" />
      <circle cx="25.6" cy="6.4" r="0.9" fill="var(--navy-950)" />
    </>
  ),
  // A manta ray from above: wide wings, the two head fins, a whip tail.
  manta: (
    <>
      <path d="M24 37 V46.5" stroke="#7aa7ff" strokeWidth="1.6" strokeLinecap="round" />
      <path d="M20.5 13.5 L18.5 7.5 L23 12 Z M27.5 13.5 L29.5 7.5 L25 12 Z" fill="#7aa7ff" />
      <path d="M24 11.5 C30 11.5 38 19 46.5 24 C38 27 30 30 24 38 C18 30 10 27 1.5 24 C10 19 18 11.5 24 11.5 Z" fill="#7aa7ff" />
      <path d="M24 16 C27 20 27 27 24 33 C21 27 21 20 24 16 Z" fill="#5b84d6" />
      <ellipse cx="16.5" cy="21.5" rx="4" ry="1.8" fill="var(--text)" opacity="0.7" transform="rotate(-12 16.5 21.5)" />
      <ellipse cx="31.5" cy="21.5" rx="4" ry="1.8" fill="var(--text)" opacity="0.7" transform="rotate(12 31.5 21.5)" />
      <circle cx="20.5" cy="15.5" r="1.2" fill="var(--navy-950)" />
      <circle cx="27.5" cy="15.5" r="1.2" fill="var(--navy-950)" />
    </>
  ),
  // A lionfish: coral body with sand bars under a fan of spines.
  lionfish: (
    <>
      <path d="M12 5 L18 3 L24 2.5 L30 3.5 L36 6 L31 18 L17 18 Z" fill="var(--coral)" opacity="0.35" />
      <path d="M12 43 L17 45 L24 45.5 L20 29 L25 29 Z" fill="var(--coral)" opacity="0.35" />
      <path
        d="M17.5 18 L12 5 M21 17 L18 3 M24 17 L24 2.5 M27 17 L30 3.5 M30.5 18 L36 6 M20 29 L12 43 M22.5 29.5 L17 45 M25 29.5 L24 45.5"
        stroke="var(--coral)"
        strokeWidth="1.5"
        strokeLinecap="round"
      />
      <path d="M36 24 L45.5 16.5 L45.5 31.5 Z" fill="var(--coral)" />
      <ellipse cx="23" cy="24" rx="14" ry="8" fill="var(--coral)" />
      <path d="M16 17.5 V30.5 M21 16.3 V31.7 M26 16.3 V31.7 M31 17.5 V30.5" stroke="var(--sand)" strokeWidth="2" />
      <circle cx="13" cy="22" r="1.8" fill="var(--navy-950)" />
    </>
  ),
  // A clownfish: the app's reef fish (art/fish.tsx) in orange with its white bands.
  clownfish: (
    <g transform="translate(0 12)">
      <FishShapes body="#ffb347" fin="var(--coral)" striped />
    </g>
  ),
};

/** One reel symbol. With a label it is an image named for screen readers; without one it is decoration. */
export function ReelSymbol({ symbol, label, className }: { symbol: SlotSymbol; label?: string; className?: string }) {
  return (
    <svg
      className={className ?? 'reel-symbol'}
      viewBox="0 0 48 48"
      data-symbol={symbol}
      {...(label === undefined ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })}
      focusable="false"
    >
      {GLYPHS[symbol]}
    </svg>
  );
}
