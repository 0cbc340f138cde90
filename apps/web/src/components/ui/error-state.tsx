import { useTranslation } from '../../i18n';
import { Button } from './button';

interface ErrorStateProps {
  onRetry: () => unknown;
  /** Replaces the default card look, e.g. `inline-error` inside a card that already has a frame. */
  className?: string;
  testId?: string;
  /** The element it renders as, where the parent needs one (an `li` inside a list). */
  as?: 'div' | 'section' | 'li';
}

/** "Could not load" with a Retry button: what a failed query shows in place of its content. */
export function ErrorState({ onRetry, className = 'card inline-error', testId, as: Tag = 'div' }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <Tag className={className} data-testid={testId}>
      <p>{t('errors.loadFailed')}</p>
      <Button variant="secondary" onClick={() => void onRetry()}>
        {t('common.retry')}
      </Button>
    </Tag>
  );
}
