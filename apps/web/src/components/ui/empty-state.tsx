import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { FishSchool } from './status-screen';

/** The next step from an empty page: a link to where it starts (a path of the app). */
export interface EmptyAction {
  label: string;
  to: string;
  testId?: string;
}

interface EmptyStateProps {
  /** What is missing, said as a heading ("No cards yet"); the text then says what the page is for. */
  title?: string;
  text: string;
  /** The next step, as a real link styled as the page's main button. */
  action?: EmptyAction;
  testId?: string;
  /** Replaces the default look, e.g. a chart's frame that keeps its height. */
  className?: string;
  /** A way on, under the text (a link to the full list). */
  children?: ReactNode;
}

/**
 * A school of fish, what is missing, what the page is for and the next step: a list or a page with nothing to show
 * yet (decision 115). Every empty list uses it, so an empty page never reads as a dead end.
 */
export function EmptyState({ title, text, action, testId, className = 'empty-state', children }: EmptyStateProps) {
  return (
    <div className={className} data-testid={testId}>
      <FishSchool />
      {title && <h2 className="empty-state__title">{title}</h2>}
      <p className="empty-state__text">{text}</p>
      {action && (
        <Link className="btn btn--primary empty-state__action" to={action.to} data-testid={action.testId ?? (testId && `${testId}-action`)}>
          {action.label}
        </Link>
      )}
      {children}
    </div>
  );
}

/** The lists whose three strings sit under one catalogue key: `<key>.title`, `<key>.text`, `<key>.action`. */
export type EmptyListStrings = 'team.emptyState' | 'content.emptyState' | 'games.emptyState' | 'pledge.emptyState';

/**
 * An empty list's state from its catalogue key: what is missing, what the page is for, and the next step to `to` — one
 * line at each list instead of the same three strings spelled out at each (decision 115).
 */
export function EmptyListState({ strings, to, testId }: { strings: EmptyListStrings; to: string; testId: string }) {
  const { t } = useTranslation();
  return <EmptyState title={t(`${strings}.title`)} text={t(`${strings}.text`)} action={{ label: t(`${strings}.action`), to }} testId={testId} />;
}
