import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { pagePath, type PageId } from '../../lib/pages';

/** A row of ways to a feature's other pages, each labelled with the page's title; `label` names the row. */
export function PageLinks({ pages, label, testId }: { pages: readonly PageId[]; label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label} data-testid={testId}>
      <ul className="page-links">
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
