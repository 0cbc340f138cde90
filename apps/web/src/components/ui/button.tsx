import type { ButtonHTMLAttributes } from 'react';
import { cx } from './class-names';
import { Spinner } from './spinner';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  /** Shows a spinner; clicks stay harmless because submit handlers are guarded. */
  busy?: boolean;
  block?: boolean;
}

export function Button({ variant = 'primary', busy = false, block = false, type = 'button', className, children, ...rest }: ButtonProps) {
  return (
    <button type={type} className={cx('btn', `btn--${variant}`, block && 'btn--block', busy && 'btn--busy', className)} aria-busy={busy || undefined} {...rest}>
      {busy && <Spinner />}
      <span className="btn__label">{children}</span>
    </button>
  );
}
