/**
 * A product list as the mining and pledge pages show it (decision 089): search by id or text, a status filter, the
 * module's own columns between the id/name and the status, Edit and Set status on every product not closed for good
 * (closing asks twice), and New product. The page passes its columns, its form fields and the calls; the table holds
 * what the two would otherwise repeat.
 */
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { Endpoint } from '@reef/contract';
import { useT } from '../i18n';
import { Action, Select } from './action';
import { DataTable } from './data-table';
import { FilterSelect } from './filter-select';

export interface Product<S extends string> {
  id: number;
  name: string;
  status: S;
}

type Gate = Pick<Endpoint, 'auth' | 'method' | 'roles'>;

interface ProductTableProps<P extends Product<S>, S extends string> {
  /** `mining` / `pledge`: names the table, its test ids and the status filter. */
  name: string;
  rows: P[] | undefined;
  error: Error | null;
  statuses: readonly S[];
  statusLabel: (status: S) => string;
  /** The module's columns, drawn between name and status. */
  columns: ColumnDef<P, unknown>[];
  /** Extra text a search matches besides id and name. */
  searchText?: (product: P) => string;
  /** The form's fields, empty for a new product. */
  fields: (product?: P) => ReactNode;
  endpoints: { create: Gate; edit: Gate; setStatus: Gate };
  create: (form: FormData) => Promise<unknown>;
  edit: (product: P, form: FormData) => Promise<unknown>;
  setStatus: (product: P, status: S) => Promise<unknown>;
}

export function ProductTable<P extends Product<S>, S extends string>(props: ProductTableProps<P, S>) {
  const { name, statuses, statusLabel, endpoints } = props;
  const t = useT();
  const queryClient = useQueryClient();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const refresh = () => queryClient.invalidateQueries();
  const needle = q.trim().toLowerCase();
  const rows = props.rows?.filter(
    (p) =>
      (!status || p.status === status) && (!needle || `${p.name} ${props.searchText?.(p) ?? ''}`.toLowerCase().includes(needle) || String(p.id) === needle),
  );
  const columns: ColumnDef<P, unknown>[] = [
    { accessorKey: 'id', header: 'id' },
    { accessorKey: 'name', header: t('products.name') },
    ...props.columns,
    { accessorKey: 'status', header: t('common.status'), cell: (c) => statusLabel(c.row.original.status) },
    {
      id: 'actions',
      header: t('common.actions'),
      cell: ({ row: { original: p } }) =>
        p.status === 'closed' ? null : (
          <div className="row-actions" data-testid={`${name}-product-${p.id}`}>
            <Action
              label={t('articles.edit')}
              variant="ghost"
              endpoint={endpoints.edit}
              fields={props.fields(p)}
              run={async (form) => {
                await props.edit(p, form);
                await refresh();
              }}
            />
            <Action
              label={t('products.setStatus')}
              variant="ghost"
              endpoint={endpoints.setStatus}
              fields={<Select label={t('common.status')} name="status" values={statuses} value={p.status} show={(v) => statusLabel(v as S)} />}
              confirm={(form) =>
                `${p.name}: ${statusLabel(p.status)} → ${statusLabel(String(form.get('status')) as S)}${form.get('status') === 'closed' ? ` — ${t('products.closedForGood')}` : ''}`
              }
              run={async (form) => {
                await props.setStatus(p, String(form.get('status')) as S);
                await refresh();
              }}
            />
          </div>
        ),
    },
  ];
  return (
    <>
      <h2>{t('products.list')}</h2>
      <div className="actions">
        <Action
          label={t('products.create')}
          endpoint={endpoints.create}
          testId={`create-${name}-product`}
          fields={props.fields()}
          run={async (form) => {
            await props.create(form);
            await refresh();
          }}
        />
      </div>
      <DataTable
        name={`${name}-products`}
        columns={columns}
        rows={rows}
        error={props.error}
        toolbar={
          <>
            <input type="search" placeholder={t('products.find')} aria-label={t('products.find')} value={q} onChange={(e) => setQ(e.target.value)} />
            <FilterSelect
              label={t('common.status')}
              value={status}
              onChange={setStatus}
              values={statuses}
              show={statusLabel}
              testId={`${name}-status-filter`}
            />
          </>
        }
      />
    </>
  );
}
