import type { UserInfo } from '@reef/contract';
import { useCardType } from '../api/get-card-type';
import { useServerClock } from '../api/server-clock';
import { CardRules } from './card-rules';
import { CardsLinks } from './cards-links';
import { FoundState } from './found-state';
import { StarterCardOffer } from './starter-card-offer';
import './cards.css';

interface CardTypeDetailsProps {
  typeId: number;
  onBalancesChanged: () => void;
  balances: UserInfo['balances'] | undefined;
}

/** cards/details?type=: one starter card type — its offer (countdown, stock, Buy) and all its rules. */
export function CardTypeDetails({ typeId, onBalancesChanged, balances }: CardTypeDetailsProps) {
  const query = useCardType(typeId);
  const offset = useServerClock();
  const type = query.data;
  return (
    <div className="cards-page">
      <FoundState id={typeId} query={query} testId="card-type">
        {type !== undefined && (
          <>
            <StarterCardOffer
              type={type}
              offset={offset}
              onSessionChange={() => void query.refetch()}

              onBalancesChanged={onBalancesChanged}
              balances={balances}
              linkName={false}
            />
            <CardRules rules={type} testId="card-type-rules" />
            <CardsLinks pages={['cards/index', 'trading/index']} testId="card-type-links" />
          </>
        )}
      </FoundState>
    </div>
  );
}
