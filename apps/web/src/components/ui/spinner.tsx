import { cx } from './class-names';

interface SpinnerProps {
  size?: 'small' | 'large';
  className?: string;
}

/** A ring of bubbles; the surrounding element carries the accessible busy state. */
export function Spinner({ size = 'small', className }: SpinnerProps) {
  return (
    <span className={cx('spinner', `spinner--${size}`, className)} aria-hidden="true">
      <span />
      <span />
      <span />
    </span>
  );
}
