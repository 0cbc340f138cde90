import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { Fish } from '../../components/ui/art/fish';
import { BackButton } from '../../components/ui/nav-bar';
import { NotLoggedIn } from '../../features/auth';
import type { PageId } from '../../lib/pages';
import { useSession } from '../../lib/session';

type FishColors = { body: string; fin: string; striped?: boolean };
const REEF_FISH: FishColors = { body: '#5ef0e2', fin: '#ff7a66' };

interface SubPageProps {
  page: PageId;
  /** Names what the page shows (a person, a group) in place of the page's own title, once known. */
  title?: string;
  fish?: FishColors;
  children: ReactNode;
}

/** A page pushed on top of a tab that visitors may read too: back button, translated title (`titles.<page>`), a fish, the body. */
export function PublicSubPage({ page, title, fish = REEF_FISH, children }: SubPageProps) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <header className="page-head">
        <BackButton />
        <h1 className="page-head__title" data-testid="page-title">
          {title ?? t(`titles.${page}`)}
        </h1>
        <Fish className="page-head__fish" {...fish} />
      </header>
      <div className="page__body">{children}</div>
    </div>
  );
}

/** A pushed page that acts for the signed-in user: visitors see the not-logged-in prompt instead of the body. */
export function SubPage({ page, title, fish, children }: SubPageProps) {
  const { token } = useSession();
  return (
    <PublicSubPage page={page} title={title} fish={fish}>
      {token ? children : <NotLoggedIn />}
    </PublicSubPage>
  );
}
