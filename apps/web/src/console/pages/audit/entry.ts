/**
 * One audit row as a sentence (issue 25 §15): who (the operator, or the platform itself), did what (a verb and the
 * console area, read from the route the row names), to whom or what (the path's parameters, the user a balance
 * adjustment names), and what changed (each field whose value differs between `before` and `after`). Built only from
 * the row's own fields; the raw record stays one click away.
 */
import type { AuditEntry } from '@reef/contract';
import type { ConsoleKey } from '../../i18n';

/** The last segment of a route that names what it does. */
const VERBS = new Set([
  'approve',
  'reject',
  'resolve',
  'grant',
  'revoke',
  'freeze',
  'adjust',
  'cancel',
  'open',
  'close',
  'pause',
  'status',
  'ship',
  'split',
  'snapshot',
  'run',
]);
/** A POST to one of these collections adds a row; a POST to any other fixed path changes a setting. */
const COLLECTIONS = new Set(['lakes', 'airdrops', 'articles', 'types', 'schedules', 'sessions', 'products', 'goods', 'rules']);
/** The route's first segment → the console's menu entry that holds it. */
const AREAS: Record<string, ConsoleKey> = {
  users: 'nav.users',
  withdrawals: 'nav.withdrawals',
  deposits: 'nav.deposits',
  roles: 'nav.roles',
  lakes: 'nav.lakes',
  mining: 'nav.mining',
  pledge: 'nav.pledge',
  cards: 'nav.cards',
  community: 'nav.levels',
  rewards: 'nav.rewards',
  share: 'nav.share',
  articles: 'nav.articles',
  shop: 'nav.shop',
  game: 'nav.games',
  airdrops: 'nav.airdrops',
  approvals: 'nav.approvals',
  ledger: 'audit.area.ledger',
  liabilities: 'nav.integrity',
  reconciliation: 'nav.integrity',
  settings: 'audit.area.settings',
};

export interface AuditAction {
  verb: ConsoleKey;
  /** Null for a route outside the console's areas: the route itself is shown. */
  area: ConsoleKey | null;
}

/** `POST /api/admin/withdrawals/:id/approve` → approve, Withdrawals. */
export function auditAction(action: string): AuditAction {
  const [method = '', path = ''] = action.split(' ');
  const segments = path
    .replace(/^\/api\/admin\/?/, '')
    .split('/')
    .filter(Boolean);
  const area = AREAS[segments[0] ?? ''] ?? null;
  const fixed = segments.filter((s) => !s.startsWith(':'));
  const last = segments.at(-1) ?? '';
  const lastFixed = fixed.at(-1) ?? '';
  let verb: string;
  if (lastFixed === 'revoke' && fixed.includes('sessions')) verb = 'signOut';
  else if (!last.startsWith(':') && VERBS.has(last)) verb = last;
  else if (method === 'DELETE') verb = 'delete';
  else if (method === 'POST' && !last.startsWith(':') && COLLECTIONS.has(last)) verb = 'create';
  else verb = 'update';
  return { verb: `audit.verb.${verb}` as ConsoleKey, area };
}

/** What the row acted on: `#7`, `en-us`, and the user a request names (`uid 12`). */
export function auditTarget(entry: Pick<AuditEntry, 'action' | 'target' | 'request'>): string[] {
  const parts: string[] = [];
  const users = /^\S+ \/api\/admin\/users\//.test(entry.action);
  if (entry.target && typeof entry.target === 'object') {
    for (const [key, value] of Object.entries(entry.target as Record<string, unknown>)) {
      if (value === null || value === undefined) continue;
      parts.push(key === 'id' ? (users ? `uid ${String(value)}` : `#${String(value)}`) : String(value));
    }
  }
  const request = entry.request && typeof entry.request === 'object' ? (entry.request as Record<string, unknown>) : {};
  if (typeof request.uid === 'number' || typeof request.uid === 'string') parts.push(`uid ${String(request.uid)}`);
  if (typeof request.account === 'string') parts.push(request.account);
  return parts;
}

export interface AuditChange {
  field: string;
  /** Undefined: the field was not there (a row created, or a field removed). */
  before?: unknown;
  after?: unknown;
}

function fields(value: unknown): Record<string, unknown> {
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) return { value };
  return value as Record<string, unknown>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Each field whose value differs between `before` and `after`, in the order they first appear. */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const old = fields(before);
  const now = fields(after);
  const names = [...new Set([...Object.keys(old), ...Object.keys(now)])];
  return names
    .filter((name) => !same(old[name], now[name]))
    .map((name) => ({
      field: name,
      ...(name in old ? { before: old[name] } : {}),
      ...(name in now ? { after: now[name] } : {}),
    }));
}
