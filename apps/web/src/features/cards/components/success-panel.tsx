import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { cardsApi } from '@reef/contract';
import { FishSchool } from '../../../components/ui/status-screen';
import { useMyCard } from '../api/get-my-card';
import { FoundState } from './found-state';

export interface SuccessLink {
  to: string;
  label: string;
  testId: string;
}

/** A confirmation: fish, a title, what happened in figures, and where to go next (the first way is the main one). */
export function SuccessPanel({ title, children, links, testId }: { title: string; children?: ReactNode; links: SuccessLink[]; testId: string }) {
  return (
    <section className="card cards-success" data-testid={testId}>
      <FishSchool />
      <h2 className="cards-success__title">{title}</h2>
      {children}
      <div className="cards-success__actions">
        {links.map((link, index) => (
          <Link key={link.testId} className={`btn btn--${index === 0 ? 'primary' : 'secondary'} btn--block`} to={link.to} data-testid={link.testId}>
            <span className="btn__label">{link.label}</span>
          </Link>
        ))}
      </div>
    </section>
  );
}

interface CardSuccessProps {
  cardId: number;
  testId: string;
  title: (card: cardsApi.MyCard) => string;
  links: (card: cardsApi.MyCard) => SuccessLink[];
  /** What happened, in figures. */
  children: (card: cardsApi.MyCard) => ReactNode;
}

/** A confirmation about one of the caller's cards (bought, listed, renewed): the card is loaded, then the panel. */
export function CardSuccess({ cardId, testId, title, links, children }: CardSuccessProps) {
  const query = useMyCard(cardId);
  const card = query.data?.card;
  return (
    <FoundState id={cardId} query={query} testId={testId}>
      {card !== undefined && (
        <SuccessPanel title={title(card)} testId={testId} links={links(card)}>
          {children(card)}
        </SuccessPanel>
      )}
    </FoundState>
  );
}
