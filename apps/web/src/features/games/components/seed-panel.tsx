import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CLIENT_SEED_MAX } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { Button } from '../../../components/ui/button';
import { ApiError, toastError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useGameSeed, useRotateSeed, useSetClientSeed } from '../api/game-seed';
import { gamePaths } from '../model/paths';

/** The fairness panel: the committed server seed's hash, the player's client seed, the nonce, and rotation. */
export function SeedPanel() {
  const { t } = useTranslation();
  const id = useId();
  const seed = useGameSeed();
  const setClient = useSetClientSeed();
  const rotate = useRotateSeed();
  const [draft, setDraft] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<{ seed: string; hash: string } | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (draft === null || draft.trim() === '') return;
    try {
      await setClient.mutateAsync(draft.trim());
      setDraft(null);
      showToast(t('games.seed.saved'));
    } catch (error) {
      if (error instanceof ApiError) showToast(error.message);
      else toastError(error);
    }
  };
  const onRotate = async () => {
    try {
      const answer = await rotate.mutateAsync();
      setRevealed({ seed: answer.previous.server_seed, hash: answer.previous.server_seed_hash });
    } catch (error) {
      toastError(error);
    }
  };

  if (!seed.data) return null;
  return (
    <section className="card game-seed" aria-labelledby={`${id}-title`} data-testid="game-seed">
      <h2 id={`${id}-title`} className="game-seed__title">
        {t('games.seed.title')}
      </h2>
      <p className="game-seed__hint">{t('games.seed.hint')}</p>
      <dl className="game-seed__facts">
        <dt>{t('games.seed.serverHash')}</dt>
        <dd className="game-mono" data-testid="game-seed-hash">
          {seed.data.server_seed_hash}
        </dd>
        <dt>{t('games.seed.nonce')}</dt>
        <dd data-testid="game-seed-nonce">{seed.data.nonce}</dd>
      </dl>
      <form className="game-seed__client" onSubmit={(event) => void save(event)}>
        <label htmlFor={`${id}-client`}>{t('games.seed.client')}</label>
        <input
          id={`${id}-client`}
          className="field__input"
          maxLength={CLIENT_SEED_MAX}
          value={draft ?? seed.data.client_seed}
          onChange={(event) => setDraft(event.target.value)}
          data-testid="game-seed-client"
        />
        <Button type="submit" variant="secondary" busy={setClient.isPending} data-testid="game-seed-save">
          {t('games.seed.save')}
        </Button>
      </form>
      <Button variant="ghost" busy={rotate.isPending} onClick={() => void onRotate()} data-testid="game-seed-rotate">
        {t('games.seed.rotate')}
      </Button>
      {revealed && (
        <div className="game-seed__revealed" role="status" data-testid="game-seed-revealed">
          <p>{t('games.seed.revealed')}</p>
          <p className="game-mono" data-testid="game-seed-revealed-value">
            {revealed.seed}
          </p>
          <Link className="text-link" to={gamePaths.room()} data-testid="game-seed-room">
            {t('titles.user/gameRoom')}
          </Link>
        </div>
      )}
    </section>
  );
}
