import type { ReactNode } from 'react';
import { Shoal, type ShoalFish } from './art/fish';

const SCHOOL: readonly ShoalFish[] = [
  { at: ['20px', '40px', '64px'], lap: 8, body: '#ff8a4c', fin: '#ffd37a', striped: true },
  { at: ['74px', '120px', '44px'], lap: 10, startIn: 4, body: '#5ef0e2', fin: '#ff7a66' },
  { at: ['64px', '26px', '32px'], lap: 6.5, startIn: 2, body: '#f4d9a6', fin: '#2ee6d6' },
];

interface StatusScreenProps {
  title: string;
  text?: string;
  /** Shown above the title; a small school of fish by default. */
  art?: ReactNode;
  children?: ReactNode;
  testId?: string;
  badge?: string;
}

export function FishSchool() {
  return (
    <div className="fish-school" aria-hidden="true">
      <Shoal fish={SCHOOL} />
      <span className="fish-school__bubble fish-school__bubble--1" />
      <span className="fish-school__bubble fish-school__bubble--2" />
      <span className="fish-school__bubble fish-school__bubble--3" />
    </div>
  );
}

/** A full-page message (coming soon, not found, load errors) in the reef style. */
export function StatusScreen({ title, text, art, children, testId, badge }: StatusScreenProps) {
  return (
    <section className="status-screen" data-testid={testId}>
      {art ?? <FishSchool />}
      {badge && <p className="status-screen__badge">{badge}</p>}
      <h1 className="status-screen__title">{title}</h1>
      {text && <p className="status-screen__text">{text}</p>}
      {children && <div className="status-screen__actions">{children}</div>}
    </section>
  );
}
