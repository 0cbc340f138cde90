/**
 * A configuration page's list as the module's admin route answers it: one column per field of the rows (amounts and
 * flags as the contract spells them), with sorting and CSV. Its changes go through the module's own admin routes.
 */
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { Endpoint } from '@reef/contract';
import { call } from '../api';
import { useT } from '../i18n';
import { DataTable } from './data-table';

type Row = Record<string, unknown>;

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function ConfigList({ name, endpoint, pick }: { name: string; endpoint: Endpoint; pick?: (data: unknown) => Row[] }) {
  const t = useT();
  const query = useQuery({ queryKey: ['config', endpoint.path], queryFn: () => call(endpoint) });
  const rows = query.data === undefined ? undefined : pick ? pick(query.data) : ((query.data as { list: Row[] }).list ?? []);
  const keys = rows?.[0] ? Object.keys(rows[0]) : [];
  const columns: ColumnDef<Row, unknown>[] = keys.map((key) => ({ accessorKey: key, header: key, cell: (c) => show(c.getValue()) }));
  return (
    <>
      <p className="note">{t('config.readOnlyNote')}</p>
      <DataTable name={name} columns={columns} rows={rows} error={query.error} />
    </>
  );
}
