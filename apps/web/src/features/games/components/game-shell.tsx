import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { GameTerms } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { QueryState } from '../../../components/ui/query-state';
import { useGameTerms } from '../api/game-terms';
import { gamePaths } from '../model/paths';
import { SeedPanel } from './seed-panel';

type GamePage = 'blind_box' | 'slot' | 'room';

const LINKS: { page: GamePage; to: () => string; title: 'titles.game/index' | 'titles.game/tiger/tiger' | 'titles.user/gameRoom'; testId: string }[] = [
  { page: 'blind_box', to: gamePaths.blindBox, title: 'titles.game/index', testId: 'game-link-box' },
  { page: 'slot', to: gamePaths.slot, title: 'titles.game/tiger/tiger', testId: 'game-link-slot' },
  { page: 'room', to: gamePaths.room, title: 'titles.user/gameRoom', testId: 'game-link-room' },
];

/** The links between the game zone's pages, leaving out the page they are on. */
export function GameLinks({ current }: { current: GamePage }) {
  const { t } = useTranslation();
  return (
    <nav className="game-links">
      {LINKS.filter((link) => link.page !== current).map((link) => (
        <Link key={link.page} className="text-link" to={link.to()} data-testid={link.testId}>
          {t(link.title)}
        </Link>
      ))}
    </nav>
  );
}

/** A game's page: the links, the table once the operator's terms say the game is open ('closed' otherwise), the seeds. */
export function GameShell({ game, table }: { game: 'blind_box' | 'slot'; table: (terms: GameTerms) => ReactNode }) {
  const { t } = useTranslation();
  const terms = useGameTerms();
  const current = terms.data?.list.find((g) => g.game === game);
  return (
    <div className="game-page">
      <GameLinks current={game} />
      <QueryState query={terms} empty={!current || !current.enabled} emptyText={t('games.closed')}>
        {current && table(current)}
      </QueryState>
      <SeedPanel />
    </div>
  );
}
