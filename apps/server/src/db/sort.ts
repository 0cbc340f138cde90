/**
 * The ORDER BY of a console list sorted by a column (decision 090): the column in the asked direction, then the id
 * in the same direction, so rows of one value keep a fixed order and paging neither repeats nor skips one. The
 * column comes from the repository's own whitelist (keyed by the contract's enum), never from the request text.
 */
import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SortOrder } from '@reef/contract';

export interface ListSort<C extends string> {
  sort?: C;
  order?: SortOrder;
}

export function sortedBy<C extends string>(columns: Record<C, AnyColumn | SQL>, id: AnyColumn, by: ListSort<C> | undefined): SQL[] | undefined {
  if (!by?.sort) return undefined;
  const direction = by.order === 'asc' ? asc : desc;
  return [direction(columns[by.sort]), direction(id)];
}
