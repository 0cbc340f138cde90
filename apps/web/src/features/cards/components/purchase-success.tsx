import { CardDone } from './trading-success';

/** cards/success?card=: the starter card just bought — what it cost and from when it may be sold. */
export function PurchaseSuccess({ cardId }: { cardId: number }) {
  return <CardDone kind="bought" cardId={cardId} />;
}
