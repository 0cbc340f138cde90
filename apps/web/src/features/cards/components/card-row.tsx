import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CardArt } from './card-art';
import './cards.css';

interface CardRowLinkProps {
  to: string;
  /** The card's picture; none for the rows that name a trade rather than a card (`card-row--plain`). */
  image?: string;
  /** The name and its lines (state, counterparty, time). */
  main: ReactNode;
  /** The figures, under the name. */
  side: ReactNode;
}

/** One row of the card lists: the whole row is the link, with the picture, the name's lines, the figures and a chevron. */
export function CardRowLink({ to, image, main, side }: CardRowLinkProps) {
  return (
    <Link className={image === undefined ? 'card-row card-row--plain' : 'card-row'} to={to}>
      {image !== undefined && <CardArt image={image} />}
      <span className="card-row__main">{main}</span>
      <span className="card-row__side">{side}</span>
      <span className="card-row__chevron" aria-hidden="true">
        ›
      </span>
    </Link>
  );
}
