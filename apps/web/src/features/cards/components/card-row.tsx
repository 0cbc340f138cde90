import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CardArt } from './card-art';
import './cards.css';

interface CardRowProps {
  /** The list item's test id and data attributes (`data-testid`, `data-card`, …). */
  item: Record<`data-${string}`, string | number>;
  to: string;
  /** The card's picture; none for the rows that name a trade rather than a card (`card-row--plain`). */
  image?: string;
  /** Before the name: what the row is (a trade's side). */
  lead?: ReactNode;
  name: string;
  /** Under the name: a state chip or a counterparty. */
  note?: ReactNode;
  /** The row's time line. */
  time: ReactNode;
  /** The price, and the lines under it (the fee, what a seller obtains). */
  amount: ReactNode;
  details: ReactNode[];
  /** After the link, inside the item: the row's own action. */
  after?: ReactNode;
}

/** One row of the card lists: the whole row is the link, with the picture, the name's lines, the figures and a chevron. */
export function CardRow({ item, to, image, lead, name, note, time, amount, details, after }: CardRowProps) {
  return (
    <li className="card-list__item" {...item}>
      <Link className={image === undefined ? 'card-row card-row--plain' : 'card-row'} to={to}>
        {image !== undefined && <CardArt image={image} />}
        <span className="card-row__main">
          {lead}
          <span className="bill__kind">{name}</span>
          {note}
          <span className="bill__time">{time}</span>
        </span>
        <span className="card-row__side">
          <span className="bill__amount">{amount}</span>
          {details.map((detail, i) => (
            <span key={i} className="bill__balance">
              {detail}
            </span>
          ))}
        </span>
        <span className="card-row__chevron" aria-hidden="true">
          ›
        </span>
      </Link>
      {after}
    </li>
  );
}
