import { VerifyRound } from '../../features/games';
import { useTranslation } from '../../i18n';
import { SubPage } from '../layouts/sub-page';

/** /pages/game/verify?round= — recomputes a round in the browser with the contract's fair function (decision 070). */
export default function GameVerifyRoute() {
  const { t } = useTranslation();
  return (
    <SubPage page="game/index" title={t('games.verify.title')}>
      <VerifyRound />
    </SubPage>
  );
}
