import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { consoleApi, type AuditEntry } from '@reef/contract';
import { DataTable } from '../components/data-table';
import { usePaged } from '../components/use-paged';
import { useT } from '../i18n';
import type { ConsolePage } from '../registry';

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

function Audit() {
  const t = useT();
  const [action, setAction] = useState('');
  const [q, setQ] = useState('');
  const [actor, setActor] = useState('');
  const { table, sorting } = usePaged(consoleApi.adminAuditLog, {
    action: action.trim() || undefined,
    q: q.trim() || undefined,
    actor: /^\d+$/.test(actor) ? Number(actor) : undefined,
  });
  const columns: ColumnDef<AuditEntry, unknown>[] = [
    { accessorKey: 'id', header: 'id' },
    { accessorKey: 'created_at', header: t('audit.when') },
    { accessorKey: 'actor', header: t('audit.actor') },
    { accessorKey: 'ip', header: t('audit.ip') },
    { accessorKey: 'action', header: t('audit.action') },
    { accessorKey: 'target', header: t('audit.target'), cell: (c) => json(c.getValue()) },
    { accessorKey: 'request', header: t('common.details'), cell: (c) => <code>{json(c.getValue())}</code> },
    { accessorKey: 'before', header: t('audit.before'), cell: (c) => <code>{json(c.getValue())}</code> },
    { accessorKey: 'after', header: t('audit.after'), cell: (c) => <code>{json(c.getValue())}</code> },
  ];
  return (
    <>
      <h1>{t('nav.audit')}</h1>
      <DataTable
        name="audit"
        columns={columns}
        {...table}
        sorting={{ ...sorting, columns: consoleApi.AUDIT_SORTS }}
        toolbar={
          <>
            <input
              type="search"
              aria-label={t('audit.actionFilter')}
              placeholder={t('audit.actionFilter')}
              value={action}
              onChange={(e) => setAction(e.target.value)}
            />
            <input type="search" aria-label={t('audit.textFilter')} placeholder={t('audit.textFilter')} value={q} onChange={(e) => setQ(e.target.value)} />
            <input
              type="search"
              aria-label={t('audit.actor')}
              placeholder={`${t('audit.actor')} uid`}
              value={actor}
              onChange={(e) => setActor(e.target.value)}
            />
          </>
        }
      />
    </>
  );
}

export const page: ConsolePage = { path: '/audit', group: 'people', order: 2, title: 'nav.audit', reads: consoleApi.adminAuditLog, component: Audit };
