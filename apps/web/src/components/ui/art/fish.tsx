import type { CSSProperties } from 'react';

interface FishProps {
  className?: string;
  style?: CSSProperties;
  body?: string;
  fin?: string;
  /** Clownfish-style white bands. */
  striped?: boolean;
}

/** A small reef fish facing left; decorative. */
export function Fish({ className, style, ...colours }: FishProps) {
  return (
    <svg className={className} style={style} viewBox="0 0 48 24" aria-hidden="true" focusable="false">
      <FishShapes {...colours} />
    </svg>
  );
}

/**
 * The fish's shapes in its 48 × 24 box, for a picture that draws it among other things (the slot's clownfish symbol,
 * games/components/reel-art.tsx) as well as for `Fish`.
 */
export function FishShapes({ body = 'var(--sand)', fin = 'var(--coral)', striped = false }: Pick<FishProps, 'body' | 'fin' | 'striped'>) {
  return (
    <>
      <path d="M36 12 L47 3 Q44 12 47 21 Z" fill={fin} />
      <path d="M2 12 C8 2 24 0 37 12 C24 24 8 22 2 12 Z" fill={body} />
      <path d="M17 5 Q22 1 27 6 Z" fill={fin} opacity="0.9" />
      {striped && (
        <g fill="#fff" opacity="0.9">
          <path d="M12 5.6 Q15 12 12 18.6 L15 19.6 Q18 12 15 4.6 Z" />
          <path d="M24 4.4 Q27 12 24 19.6 L27 18.8 Q30 12 27 5.2 Z" />
        </g>
      )}
      <circle cx="9" cy="10.5" r="2.2" fill="var(--navy-950)" />
      <circle cx="8.4" cy="9.9" r="0.7" fill="#fff" />
    </>
  );
}

/**
 * One fish of a scene: where it swims (top, left and width as CSS lengths), one lap's seconds and how far into its lap
 * it starts. Scenes list their fish as data and share one CSS rule (`.swimming-fish`), rather than a rule per fish.
 */
export interface ShoalFish extends Pick<FishProps, 'body' | 'fin' | 'striped'> {
  at: readonly [top: string, left: string, width: string];
  lap: number;
  startIn?: number;
}

export function Shoal({ fish }: { fish: readonly ShoalFish[] }) {
  return fish.map(({ at: [top, left, width], lap, startIn = 0, ...look }) => (
    <Fish
      key={`${top}${left}`}
      className="swimming-fish"
      style={{ top, left, width, animationDuration: `${lap}s`, animationDelay: `${-startIn}s` }}
      {...look}
    />
  ));
}
