/**
 * Cards (issue 16; decisions 050–054): card types, their sale sessions and weekly schedules, the platform's default
 * split rule, and the buy orders and matches of the market. One tab a part, in the hash (`#/cards/sessions`), so a
 * link opens the right one; each tab is a file of `cards/`. Cancelling a waiting order refunds its reservation, and
 * closing a session releases its waiting orders: both ask a second time.
 */
import { cardsApi } from '@reef/contract';
import { useT } from '../i18n';
import type { ConsolePage } from '../registry';
import { Matches } from './cards/matches';
import { Orders } from './cards/orders';
import { Schedules } from './cards/schedules';
import { Sessions } from './cards/sessions';
import { Split } from './cards/split';
import { Types } from './cards/types';

const TABS = ['types', 'sessions', 'schedules', 'split', 'orders', 'matches'] as const;
type Tab = (typeof TABS)[number];

const PARTS: Record<Tab, () => React.JSX.Element> = { types: Types, sessions: Sessions, schedules: Schedules, split: Split, orders: Orders, matches: Matches };

function Cards({ rest }: { rest: string }) {
  const t = useT();
  const tab: Tab = (TABS as readonly string[]).includes(rest) ? (rest as Tab) : 'types';
  const Part = PARTS[tab];
  return (
    <>
      <h1>{t('nav.cards')}</h1>
      <nav className="actions" aria-label={t('nav.cards')}>
        {TABS.map((name) => (
          <a
            key={name}
            href={`#/cards/${name}`}
            className={`btn ${name === tab ? 'btn--primary' : 'btn--ghost'}`}
            style={{ textDecoration: 'none' }}
            aria-current={name === tab ? 'page' : undefined}
          >
            {t(`cards.tab.${name}`)}
          </a>
        ))}
      </nav>
      <h2>{t(`cards.tab.${tab}`)}</h2>
      <Part />
    </>
  );
}

export const page: ConsolePage = {
  path: '/cards',
  group: 'configuration',
  order: 3,
  title: 'nav.cards',
  reads: cardsApi.adminListCardTypes,
  component: Cards,
};
