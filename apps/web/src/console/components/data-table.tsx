/**
 * Every console list: TanStack Table for the columns and sorting (decision 085), server paging through the
 * contract's `{list, page, limit, total}`, a loading/empty/failed state, and CSV export of the rows shown.
 * With `sorting` the server sorts (decision 090, TanStack's manual sorting): only the columns the endpoint allows
 * sort, and a header click changes the query, which goes back to page 1; without it the rows shown sort here.
 * A column without a cell of its own shows its value readably (`format.ts`: instants, amounts, asset symbols), the
 * exact value in its tooltip and in the CSV; a table wider than the page scrolls inside its own box.
 */
import { useState, type ReactNode } from 'react';
import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnDefTemplate,
  type SortingState,
} from '@tanstack/react-table';
import { useT } from '../i18n';
import { downloadCsv, toCsv } from './csv';
import { useConsoleFormat } from './format';
import type { ServerSorting } from './use-paged';

export interface Paging {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
}

interface DataTableProps<Row> {
  /** Names the CSV file and the table for tests. */
  name: string;
  columns: ColumnDef<Row, unknown>[];
  rows: Row[] | undefined;
  error?: Error | null;
  paging?: Paging;
  /** Filters drawn above the table (search box, status select). */
  toolbar?: ReactNode;
  /** Server-side sorting: the current sort, its setter (from usePaged/useListSort) and the columns the endpoint allows. */
  sorting?: ServerSorting & { columns: readonly string[] };
}

/** A cell's plain value for CSV: the accessor's value, not what the cell draws. */
function csvValue<Row>(row: Row, column: ColumnDef<Row, unknown>): unknown {
  if ('accessorKey' in column && typeof column.accessorKey === 'string') return (row as Record<string, unknown>)[column.accessorKey];
  if ('accessorFn' in column && column.accessorFn) return column.accessorFn(row, 0);
  return '';
}

/** A column's id as TanStack names it: its `id`, else its accessor key. */
function columnId<Row>(column: ColumnDef<Row, unknown>): string | undefined {
  if (column.id) return column.id;
  return 'accessorKey' in column && typeof column.accessorKey === 'string' ? column.accessorKey : undefined;
}

/**
 * A cell's content, drawn as part of the table, not as a component of its own. `flexRender` mounts a cell function
 * as a component type, and the pages build their columns (new functions) on every render: each re-render of the
 * page (a query settling, a refetch) would remount every cell and close a row's open dialog under the operator's
 * hands. So a cell function is called, and must not use hooks (the components it returns may).
 */
function drawCell<Context extends object>(template: ColumnDefTemplate<Context> | undefined, context: Context): ReactNode {
  return typeof template === 'function' ? (template as (context: Context) => ReactNode)(context) : (template ?? null);
}

export function DataTable<Row>({ name, columns, rows, error, paging, toolbar, sorting: server }: DataTableProps<Row>) {
  const t = useT();
  const format = useConsoleFormat();
  const [localSorting, setLocalSorting] = useState<SortingState>([]);
  const sorting: SortingState = server ? (server.sort ? [{ id: server.sort, desc: server.order !== 'asc' }] : []) : localSorting;
  const onSortingChange = (updater: SortingState | ((old: SortingState) => SortingState)) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    if (!server) return setLocalSorting(next);
    const first = next[0];
    server.onSort(first ? { sort: first.id, order: first.desc ? 'desc' : 'asc' } : {});
  };
  const table = useReactTable({
    data: rows ?? [],
    // Sorted on the server, a column sorts only if the endpoint allows it.
    columns: server ? columns.map((c) => ({ ...c, enableSorting: server.columns.includes(columnId(c) ?? '') })) : columns,
    state: { sorting },
    onSortingChange,
    manualSorting: Boolean(server),
    enableMultiSort: false,
    defaultColumn: {
      cell: (c) => {
        const raw = c.getValue();
        const shown = format.value(raw, c.column.id);
        return typeof raw === 'string' && shown !== raw ? <span title={raw}>{shown}</span> : shown;
      },
    },
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    // Rows keyed by their id, not their position: when a list refetches (a filter changed, the shown rows are the
    // previous answer's until the new one comes), a row's open dialog stays with its row instead of passing to
    // whatever row lands at the same index.
    getRowId: (row, index) => {
      const id = (row as { id?: unknown }).id;
      return typeof id === 'number' || typeof id === 'string' ? `id:${id}` : String(index);
    },
  });
  const exportable = columns.filter((c) => c.id !== 'actions');
  const exportCsv = () => {
    const header = exportable.map((c) => (typeof c.header === 'string' ? c.header : (c.id ?? '')));
    const body = table.getRowModel().rows.map((r) => exportable.map((c) => csvValue(r.original, c)));
    downloadCsv(`${name}.csv`, toCsv(header, body));
  };
  const pages = paging ? Math.max(1, Math.ceil(paging.total / paging.limit)) : 1;

  return (
    <section className="data-table" data-testid={`table-${name}`}>
      <div className="data-table__toolbar">
        {toolbar}
        <button type="button" className="btn btn--ghost" onClick={exportCsv} disabled={!rows?.length}>
          {t('common.csv')}
        </button>
      </div>
      {error ? (
        <p className="state state--failed" role="alert">
          {t('common.failed', { message: error.message })}
        </p>
      ) : !rows ? (
        <p className="state">{t('common.loading')}</p>
      ) : rows.length === 0 ? (
        <p className="state">{t('common.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    return (
                      <th key={header.id} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                        {header.column.getCanSort() ? (
                          <button type="button" className="sort" onClick={header.column.getToggleSortingHandler()}>
                            {flexRender(header.column.columnDef.header, header.getContext())}
                            {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                          </button>
                        ) : (
                          flexRender(header.column.columnDef.header, header.getContext())
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id}>{drawCell(cell.column.columnDef.cell, cell.getContext())}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {paging && (
        <nav className="pager">
          <button type="button" className="btn btn--ghost" disabled={paging.page <= 1} onClick={() => paging.onPage(paging.page - 1)}>
            {t('common.previous')}
          </button>
          <span>{t('common.page', { page: paging.page, pages, total: paging.total })}</span>
          <button type="button" className="btn btn--ghost" disabled={paging.page >= pages} onClick={() => paging.onPage(paging.page + 1)}>
            {t('common.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
