import { useTranslation } from '../../../i18n';
import { Link } from 'react-router-dom';
import { pagePath } from '../../../lib/pages';
import { SHORTCUTS, type Shortcut } from '../model/shortcuts';

/** The Home shortcut grid: one tile per built page in `shortcuts` (the list modules extend). */
export function QuickLinks({ shortcuts = SHORTCUTS }: { shortcuts?: readonly Shortcut[] }) {
  const { t } = useTranslation();
  return (
    <nav className="card quick-links" aria-label={t('home.quickLinks')}>
      <ul className="quick-links__grid">
        {shortcuts.map(({ page, search, path, label, Icon, testId }) => (
          <li key={testId}>
            <Link to={path ?? `${pagePath(page)}${search ?? ''}`} className="quick-link" data-testid={testId}>
              <span className="quick-link__icon">
                <Icon />
              </span>
              <span className="quick-link__label">{label ? t(`home.${label}`) : t(`titles.${page}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
