import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  testId: string;
}

/** The foot of a paged list: "load more" while the server has more, "no more records" after. */
export function LoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage, testId }: LoadMoreProps) {
  const { t } = useTranslation();
  return (
    <div className="list-footer">
      {hasNextPage ? (
        <Button
          variant="secondary"
          busy={isFetchingNextPage}
          onClick={() => {
            // A second tap while a page loads would ask for the same page again.
            if (!isFetchingNextPage) void fetchNextPage();
          }}
          data-testid={testId}
        >
          {t('common.loadMore')}
        </Button>
      ) : (
        <p className="muted" data-testid={`${testId}-end`}>
          {t('common.noMore')}
        </p>
      )}
    </div>
  );
}
