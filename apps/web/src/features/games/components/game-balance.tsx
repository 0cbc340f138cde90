import type { AssetKey, UserInfo } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { Money } from '../../../components/ui/money';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';

/** The player's balances as the user info reports them; the app layer refetches it after every round. */
export type PlayerBalances = UserInfo['balances'] | undefined;

export function balanceOf(balances: PlayerBalances, asset: AssetKey): string | undefined {
  return balances?.find((b) => b.key === asset)?.amount;
}

/**
 * The balance of each asset the page plays with, so the player sees what a round did without leaving the game
 * (issue 25 §6). A dash until the user info has loaded.
 */
export function GameBalance({ balances, assets, testId }: { balances: PlayerBalances; assets: readonly AssetKey[]; testId: string }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  return (
    <dl className="game-balance" data-testid={testId}>
      {assets.map((asset) => {
        const amount = balanceOf(balances, asset);
        return (
          <div key={asset} className="game-balance__row" data-testid={`${testId}-${asset}`} data-amount={amount ?? ''}>
            <dt>{t('games.balance')}</dt>
            <dd>{amount === undefined ? '—' : <Money value={amount} symbol={symbols[asset]} />}</dd>
          </div>
        );
      })}
    </dl>
  );
}
