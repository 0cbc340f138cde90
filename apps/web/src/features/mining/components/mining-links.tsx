import { Link } from 'react-router-dom';
import { useTranslation } from '../../../i18n';
import { pagePath, type PageId } from '../../../lib/pages';

/** A row of ways to the feature's other pages; each label is the page's title. */
export function MiningLinks({ pages, testId }: { pages: readonly PageId[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('mining.links')} data-testid={testId}>
      <ul className="mining-links">
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
