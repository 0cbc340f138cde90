import type { UserInfo } from '@reef/contract';
import { useTranslation } from '../../../i18n';
import { QueryState } from '../../../components/ui/query-state';
import { useCardTypes } from '../api/list-card-types';
import { useServerClock } from '../api/server-clock';
import { CardsLinks } from './cards-links';
import { StarterCardOffer } from './starter-card-offer';
import './cards.css';

interface StarterCardsProps {
  onBalancesChanged: () => void;
  balances: UserInfo['balances'] | undefined;
}

/** cards/index: every starter card type on offer, each with its session countdown, stock and Buy. */
export function StarterCards({ onBalancesChanged, balances }: StarterCardsProps) {
  const { t } = useTranslation();
  const types = useCardTypes();
  const offset = useServerClock();
  const list = types.data?.list ?? [];
  return (
    <div className="cards-page">
      <CardsLinks pages={['cards/order', 'trading/index', 'trading/order', 'trading/record']} testId="starter-links" />
      <QueryState query={types} empty={list.length === 0} emptyText={t('cards.starter.empty')} emptyTestId="starter-empty">
        {list.map((type) => (
          <StarterCardOffer
            key={type.id}
            type={type}
            offset={offset}
            onSessionChange={() => void types.refetch()}

            onBalancesChanged={onBalancesChanged}
            balances={balances}
          />
        ))}
      </QueryState>
    </div>
  );
}
