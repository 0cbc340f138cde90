import { Link } from 'react-router-dom';
import { GAME_ASSETS, type GameRound } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { Money } from '../../../components/ui/money';
import { PagedList } from '../../../components/ui/paged-list';
import { EmptyListState } from '../../../components/ui/empty-state';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import { useGameRounds } from '../api/game-rounds';
import { gamePaths } from '../model/paths';
import { SeedPanel } from './seed-panel';
import { GameLinks } from './game-shell';
import { GameBalance, type PlayerBalances } from './game-balance';
import './games.css';

/**
 * user/gameRoom: the balances the games are paid with, the player's rounds (game, stake, payout, time, seed hash,
 * nonce) with a verify link each, and totals.
 */
export function GameRoom({ balances }: { balances: PlayerBalances }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const rounds = useGameRounds();
  const totals = rounds.data?.pages[0]?.totals ?? [];
  return (
    <div className="game-page">
      <GameLinks current="room" />
      <section className="card">
        <GameBalance balances={balances} assets={GAME_ASSETS} testId="game-room-balance" />
      </section>
      {totals.length > 0 && (
        <section className="card game-totals" data-testid="game-room-totals">
          <h2>{t('games.room.totals')}</h2>
          {totals.map((total) => (
            <dl key={total.asset} className="game-totals__row" data-testid={`game-room-total-${total.asset}`} data-rounds={total.rounds}>
              <dt>{t('games.room.rounds')}</dt>
              <dd>{total.rounds}</dd>
              <dt>{t('games.room.staked')}</dt>
              <dd>
                <Money value={total.staked} symbol={symbols[total.asset]} />
              </dd>
              <dt>{t('games.room.paid')}</dt>
              <dd>
                <Money value={total.paid} symbol={symbols[total.asset]} />
              </dd>
              <dt>{t('games.room.net')}</dt>
              <dd>
                <Money value={total.net} symbol={symbols[total.asset]} />
              </dd>
            </dl>
          ))}
        </section>
      )}
      <PagedList
        query={rounds}
        renderRow={(round: GameRound) => <RoundRow round={round} />}
        empty={<EmptyListState strings="games.emptyState" to={gamePaths.blindBox()} testId="game-rounds-empty" />}
        testId="game-rounds-more"
      />
      <SeedPanel />
    </div>
  );
}

function RoundRow({ round }: { round: GameRound }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const dates = useDateFormat();
  return (
    <li className="card game-round" data-testid="game-round" data-round={round.id} data-game={round.game}>
      <div className="game-round__head">
        <strong>{t(`games.names.${round.game}`)}</strong>
        <span>{dates.format(new Date(round.created_at))}</span>
      </div>
      <dl className="game-round__facts">
        <dt>{t('games.room.stake')}</dt>
        <dd>
          <Money value={round.stake} symbol={symbols[round.asset]} />
        </dd>
        <dt>{t('games.result.payout')}</dt>
        <dd>
          <Money value={round.payout} symbol={symbols[round.asset]} />
        </dd>
        <dt>{t('games.seed.serverHash')}</dt>
        <dd className="game-mono">{round.server_seed_hash.slice(0, 16)}…</dd>
        <dt>{t('games.seed.nonce')}</dt>
        <dd>{round.nonce}</dd>
      </dl>
      <Link className="text-link" to={gamePaths.verify(round.id, round.server_seed)} data-testid="game-round-verify">
        {t('games.room.verify')}
      </Link>
    </li>
  );
}
