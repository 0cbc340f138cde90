import { useId, type ReactNode } from 'react';
import { cx } from './class-names';

interface CardSectionProps {
  title: ReactNode;
  /** Beside the title, in the card's header: a link the page adds. */
  action?: ReactNode;
  className?: string;
  /** The card's content is being refreshed. */
  busy?: boolean;
  testId?: string;
  children?: ReactNode;
}

/** A card that is a section of its page, named by its title (the section is labelled by it for screen readers). */
export function CardSection({ title, action, className, busy, testId, children }: CardSectionProps) {
  const titleId = useId();
  const heading = (
    <h2 id={titleId} className="card__title">
      {title}
    </h2>
  );
  return (
    <section className={cx('card', className)} aria-labelledby={titleId} aria-busy={busy || undefined} data-testid={testId}>
      {action === undefined ? (
        heading
      ) : (
        <header className="card__header">
          {heading}
          {action}
        </header>
      )}
      {children}
    </section>
  );
}
