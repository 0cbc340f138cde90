import type { ReactNode } from 'react';
import { cx } from './class-names';

export interface IconProps {
  className?: string;
}

/**
 * The frame of every line icon in the app's stroke style: decorative, the control around it carries the label.
 * Each glyph is its own small component beside the feature that draws it, so a page's bundle holds only the
 * icons it shows (the shared ones are in ./art/icons).
 */
export function Icon({ className, size, children }: IconProps & { size?: number; children: ReactNode }) {
  return (
    <svg
      className={cx('icon', className)}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
