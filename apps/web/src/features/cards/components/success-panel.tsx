import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FishSchool } from '../../../components/ui/status-screen';

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
