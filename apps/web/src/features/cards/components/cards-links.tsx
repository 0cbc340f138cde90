import { useTranslation } from '../../../i18n';
import { Link } from 'react-router-dom';
import type { PageId } from '../../../lib/pages';
import { pagePath } from '../../../lib/pages';

/** A row of ways to the feature's other pages; each label is the page's title. */
export function CardsLinks({ pages, testId }: { pages: readonly PageId[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('cards.links')} data-testid={testId}>
      <ul className="cards-links">
        {pages.map((page) => (
          <li key={page}>
            <Link to={pagePath(page)} data-testid={`${testId}-${page.replace('/', '-')}`}>
              {t(`titles.${page}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
