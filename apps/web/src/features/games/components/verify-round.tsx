import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { useGameRound } from '../api/game-rounds';
import { verifyRound, type Verdict } from '../model/verify';
import './games.css';

/**
 * The verify page: recomputes a round in the browser with the contract's own fair function from a server seed (the
 * revealed one, or any the visitor types) and says whether it matches the commitment, the outcome and the payout.
 */
export function VerifyRound() {
  const { t } = useTranslation();
  const id = useId();
  const [search] = useSearchParams();
  const roundId = Number.parseInt(search.get('round') ?? '', 10);
  const round = useGameRound(Number.isSafeInteger(roundId) && roundId > 0 ? roundId : null);
  const [seed, setSeed] = useState<string | null>(search.get('seed'));
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const value = seed ?? round.data?.server_seed ?? '';

  const check = (event: FormEvent) => {
    event.preventDefault();
    if (round.data) setVerdict(verifyRound(round.data, value.trim()));
  };

  return (
    <div className="game-page">
      <QueryState query={round}>
        {round.data && (
          <form className="card game-verify" onSubmit={check} data-testid="game-verify">
            <dl className="game-round__facts">
              <dt>{t('games.verify.round')}</dt>
              <dd data-testid="game-verify-round">
                #{round.data.id} · {t(`games.names.${round.data.game}`)}
              </dd>
              <dt>{t('games.seed.serverHash')}</dt>
              <dd className="game-mono">{round.data.server_seed_hash}</dd>
              <dt>{t('games.seed.client')}</dt>
              <dd className="game-mono">{round.data.client_seed}</dd>
              <dt>{t('games.seed.nonce')}</dt>
              <dd>{round.data.nonce}</dd>
            </dl>
            {round.data.server_seed === null && <p className="game-verify__hidden">{t('games.verify.hidden')}</p>}
            <label htmlFor={`${id}-seed`}>{t('games.verify.serverSeed')}</label>
            <input
              id={`${id}-seed`}
              className="field__input game-mono"
              value={value}
              onChange={(event) => {
                setSeed(event.target.value);
                setVerdict(null);
              }}
              data-testid="game-verify-seed"
            />
            <Button type="submit" block data-testid="game-verify-check">
              {t('games.verify.check')}
            </Button>
            {verdict && (
              <p
                className={`game-verdict verdict--${verdict.matches ? 'good' : 'bad'}`}
                role="status"
                data-testid="game-verify-verdict"
                data-result={verdict.matches ? 'match' : 'mismatch'}
              >
                {verdict.matches ? t('games.verify.matches') : t(`games.verify.mismatch.${verdict.reason}`)}
              </p>
            )}
          </form>
        )}
      </QueryState>
    </div>
  );
}
