/**
 * The console's pages (decision 085). A module adds its page by adding one file, `pages/<module>.page.tsx`, that
 * exports `page`: where it sits in the menu, its title, the admin endpoint it reads (the menu shows the page only to
 * roles that may call it, by the contract's role table) and its component. Nothing else lists pages.
 */
import type { ComponentType } from 'react';
import type { Endpoint } from '@reef/contract';
import type { ConsoleKey } from './i18n';

export type PageGroup = 'overview' | 'reviews' | 'people' | 'configuration';

export interface ConsolePage {
  /** The hash path: `#/users`; a page also answers the paths below it (`#/users/12`). */
  path: `/${string}`;
  group: PageGroup;
  /** Position within the group. */
  order: number;
  title: ConsoleKey;
  reads: Pick<Endpoint, 'auth' | 'method' | 'roles'>;
  component: ComponentType<{ rest: string }>;
}

export const PAGE_GROUPS: readonly PageGroup[] = ['overview', 'reviews', 'people', 'configuration'];

const modules = import.meta.glob<{ page: ConsolePage }>('./pages/*.page.tsx', { eager: true });

export const CONSOLE_PAGES: readonly ConsolePage[] = Object.values(modules)
  .map((m) => m.page)
  .sort((a, b) => PAGE_GROUPS.indexOf(a.group) - PAGE_GROUPS.indexOf(b.group) || a.order - b.order);
