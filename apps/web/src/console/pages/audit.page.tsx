import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { consoleApi, type AuditEntry } from '@reef/contract';
import { DataTable } from '../components/data-table';
import { useConsoleFormat, type ConsoleFormat } from '../components/format';
import { usePaged } from '../components/use-paged';
import { isConsoleKey, useT, type Translate } from '../i18n';
import type { ConsolePage } from '../registry';
import { auditAction, auditChanges, auditTarget } from './audit/entry';

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** Who: the operator's uid and wallet, or the platform's own jobs. */
function who(t: Translate, entry: AuditEntry): string {
  if (entry.actor === null) return t('audit.system');
  const account = entry.actor_account;
  return `uid ${entry.actor} · ${account.slice(0, 6)}…${account.slice(-4)}`;
}

/** Did what to what: `Approved · Withdrawals #7`; a route outside the console's areas is shown as it is. */
function what(t: Translate, entry: AuditEntry): string {
  const action = auditAction(entry.action);
  const subject = [action.area ? t(action.area) : entry.action, ...auditTarget(entry)].join(' ');
  return `${t(action.verb)} · ${subject}`;
}

/** A changed field's value as the console shows it elsewhere: a status in the operator's words, else by its shape. */
function shownValue(t: Translate, format: ConsoleFormat, value: unknown, field: string): string {
  if (field === 'status' && typeof value === 'string') {
    const key = `status.${value}`;
    if (isConsoleKey(key)) return t(key);
  }
  return format.value(value, field);
}

/** before → after for each changed field, values shown like the rest of the console. */
function Changes({ entry, format }: { entry: AuditEntry; format: ConsoleFormat }) {
  const t = useT();
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0) return <>—</>;
  return (
    <ul className="audit-changes">
      {changes.map((c) => (
        <li key={c.field} data-testid={`audit-change-${c.field}`}>
          {c.field}: {'before' in c && <del>{shownValue(t, format, c.before, c.field)}</del>}
          {'before' in c && 'after' in c && ' → '}
          {'after' in c && <ins>{shownValue(t, format, c.after, c.field)}</ins>}
        </li>
      ))}
    </ul>
  );
}

/** The row as recorded, for the operator who needs the exact request and values. */
function RawDetail({ entry }: { entry: AuditEntry }) {
  const t = useT();
  return (
    <details className="audit-raw">
      <summary>{t('audit.raw')}</summary>
      <pre>
        {JSON.stringify(
          { action: entry.action, ip: entry.ip, target: entry.target, request: entry.request, before: entry.before, after: entry.after },
          null,
          2,
        )}
      </pre>
    </details>
  );
}

function Audit() {
  const t = useT();
  const format = useConsoleFormat();
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
    { accessorKey: 'actor', header: t('audit.actor'), cell: (c) => <span className="audit-who">{who(t, c.row.original)}</span> },
    { accessorKey: 'action', header: t('audit.what'), cell: (c) => <span title={c.row.original.action}>{what(t, c.row.original)}</span> },
    {
      id: 'changes',
      header: t('audit.changes'),
      accessorFn: (e) => json({ before: e.before, after: e.after }),
      cell: (c) => <Changes entry={c.row.original} format={format} />,
    },
    { accessorKey: 'ip', header: t('audit.ip') },
    { id: 'raw', header: t('common.details'), accessorFn: (e) => json(e.request), cell: (c) => <RawDetail entry={c.row.original} /> },
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
