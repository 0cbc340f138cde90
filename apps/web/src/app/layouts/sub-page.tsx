import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Fish } from '../../components/ui/art/fish';
import { BackButton } from '../../components/ui/nav-bar';
import { NotLoggedIn } from '../../features/auth';
import type { PageId } from '../../lib/pages';
import { useSession } from '../../lib/session';

type FishColors = { body: string; fin: string; striped?: boolean };
const REEF_FISH: FishColors = { body: '#5ef0e2', fin: '#ff7a66' };

/**
 * A page pushed on top of a tab: back button, translated title (`titles.<page>`), a fish, and the body —
 * which visitors replace with the not-logged-in prompt, since every such page acts for the signed-in user.
 */
export function SubPage({ page, fish = REEF_FISH, children }: { page: PageId; fish?: FishColors; children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = useSession();
  return (
    <div className="page">
      <header className="page-head">
        <BackButton />
        <h1 className="page-head__title">{t(`titles.${page}`)}</h1>
        <Fish className="page-head__fish" {...fish} />
      </header>
      <div className="page__body">{token ? children : <NotLoggedIn />}</div>
    </div>
  );
}
