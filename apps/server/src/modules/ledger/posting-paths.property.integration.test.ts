/**
 * The ledger's two posting paths (decision 094): `postEntry` (TypeScript) and `reef_ledger_post` (SQL, the swap's
 * and the starter card's path) write the same rows — the entry, each line in order with its balance after, the
 * account balances — for random valid entries, and refuse the same invalid ones (unbalanced, a zero line, an
 * overdraft, an unknown user; an unknown kind is refused by the database's CHECK, since TypeScript cannot write one).
 *
 * Each run posts the same entry twice: once through each path, over two mirrored sets of accounts (two users and
 * two system accounts per path, all starting from the same balances), then compares the rows with the accounts
 * named by their role in the set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { POSTING_KINDS, fromUnits, toUnits, type AssetKey, type PostingKind } from '@reef/contract';
import { now as clockNow } from '../../core/clock.js';
import { DomainError } from '../../core/errors.js';
import { createTestApp, databaseKinds, type TestApp } from '../../test/harness.js';
import { adjustBalance, ensureSystemAccounts, postEntry, postThroughSql, type SqlPostingLine, type SystemAccountKey } from './ledger.service.js';

const ASSETS: AssetKey[] = ['usdt', 'coin'];
/** The roles a line's account can take: two users, a system account that may go negative and one that may not. */
type Role = 'u0' | 'u1' | 'neg' | 'pos';
const ROLES: Role[] = ['u0', 'u1', 'neg', 'pos'];

interface AccountSet {
  users: [number, number];
  neg: SystemAccountKey;
  pos: SystemAccountKey;
}

interface LineSpec {
  role: Role;
  asset: AssetKey;
  units: bigint;
  kind: PostingKind;
  memo?: string;
}

interface EntrySpec {
  memo: string;
  lines: LineSpec[];
}

const memoArb = fc.constantFrom('', 'order 12', 'usdt>coin', '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', 'goodwill 善意', "it's");
const lineArb = fc.record(
  {
    role: fc.constantFrom(...ROLES),
    asset: fc.constantFrom(...ASSETS),
    // Up to ±2,000,000.00000001 (users hold 2,000,000 of each): overdrafts happen sometimes (in ~95 % of runs).
    units: fc.bigInt({ min: -200_000_000_000_001n, max: 200_000_000_000_001n }).filter((u) => u !== 0n),
    kind: fc.constantFrom(...POSTING_KINDS),
    memo: memoArb,
  },
  { requiredKeys: ['role', 'asset', 'units', 'kind'] },
);

/** A balanced entry: random lines, then per asset one line on the `neg` account that brings the sum to zero. */
const validEntryArb = fc.record({ memo: memoArb, lines: fc.array(lineArb, { minLength: 1, maxLength: 5 }) }).map((entry): EntrySpec => {
  const sums = new Map<AssetKey, bigint>();
  for (const line of entry.lines) sums.set(line.asset, (sums.get(line.asset) ?? 0n) + line.units);
  const closing = [...sums].filter(([, sum]) => sum !== 0n).map(([asset, sum]): LineSpec => ({ role: 'neg', asset, units: -sum, kind: 'adjustment' }));
  // Every line is non-zero, so a lone line always gets its closing line: at least two.
  return { memo: entry.memo, lines: [...entry.lines, ...closing] };
});

/** Invalid entries: unbalanced by one unit, or with a zero line. */
const invalidEntryArb = fc.oneof(
  validEntryArb.map((entry) => ({ ...entry, lines: entry.lines.map((l, i) => (i === 0 ? { ...l, units: l.units + 1n } : l)) })),
  validEntryArb.map((entry) => ({
    ...entry,
    lines: [...entry.lines, { role: 'u1' as const, asset: 'usdt' as const, units: 0n, kind: 'transfer_in' as const }],
  })),
);

const accountOf = (set: AccountSet, role: Role, asset: AssetKey) =>
  role === 'u0' || role === 'u1' ? { userId: set.users[role === 'u0' ? 0 : 1], asset } : { system: set[role], asset };

const sqlAccountOf = (set: AccountSet, role: Role): SqlPostingLine['account'] =>
  role === 'u0' || role === 'u1' ? { user_id: set.users[role === 'u0' ? 0 : 1] } : { system: set[role] };

/** What a refusal was, comparable across the paths: a DomainError's code, or the ledger refusing a malformed entry. */
function refusalOf(error: unknown): string {
  if (error instanceof DomainError) return error.code;
  const message = String((error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message);
  if (/does not balance|cannot be zero|zero posting/.test(message)) return 'malformed';
  if (/postings_kind_known|journal_entries_kind_known/.test(message)) return 'unknown_kind';
  throw error;
}

describe.each(databaseKinds)('the two posting paths on %s', (kind) => {
  let t: TestApp;
  let ts: AccountSet;
  let inSql: AccountSet;
  /** Account id → [path, role] and the balance it started from, to compare lines by role. */
  const roleOf = new Map<number, { role: Role; start: bigint }>();

  beforeAll(async () => {
    t = await createTestApp(kind);
    const users = [await t.signIn(), await t.signIn(), await t.signIn(), await t.signIn()];
    // Two mirrored sets; the system accounts are distinct per set so each path's balances stay its own.
    ts = { users: [users[0]!.uid, users[1]!.uid], neg: 'adjustment', pos: 'lake:900001' };
    inSql = { users: [users[2]!.uid, users[3]!.uid], neg: 'airdrop', pos: 'lake:900002' };
    await t.database.db.transaction(async (tx) => {
      for (const set of [ts, inSql]) {
        await ensureSystemAccounts(
          tx,
          ASSETS.flatMap((asset) => [
            { system: set.neg, asset },
            { system: set.pos, asset },
          ]),
        );
        for (const userId of set.users) {
          for (const asset of ASSETS) await adjustBalance(tx, { actorId: t.admin.uid, userId, asset, amount: toUnits('2000000'), memo: '' });
        }
      }
    });
    const rows = (
      (await t.database.db.execute(sql`
        select id::int as id, user_id, system_key, balance::text as balance from ledger_accounts
         where user_id in (${sql.join(
           [...ts.users, ...inSql.users].map((u) => sql`${u}`),
           sql`, `,
         )}) or system_key in (${ts.neg}, ${ts.pos}, ${inSql.neg}, ${inSql.pos})`)) as unknown as {
        rows: { id: number; user_id: number | null; system_key: string | null; balance: string }[];
      }
    ).rows;
    for (const row of rows) {
      const set =
        row.user_id !== null ? (ts.users.includes(row.user_id) ? ts : inSql) : [ts.neg, ts.pos].includes(row.system_key as SystemAccountKey) ? ts : inSql;
      const role: Role = row.user_id !== null ? (set.users[0] === row.user_id ? 'u0' : 'u1') : set.neg === row.system_key ? 'neg' : 'pos';
      roleOf.set(Number(row.id), { role, start: toUnits(row.balance) });
    }
  }, 120_000);
  afterAll(() => t.close());

  const postTs = (entry: EntrySpec) =>
    t.database.db.transaction(
      async (tx) =>
        (
          await postEntry(tx, {
            kind: 'adjustment',
            memo: entry.memo,
            actorId: t.admin.uid,
            postings: entry.lines.map((l) => ({
              account: accountOf(ts, l.role, l.asset),
              amount: l.units,
              kind: l.kind,
              ...(l.memo === undefined ? {} : { memo: l.memo }),
            })),
          })
        ).entryId,
    );

  const postSql = (entry: EntrySpec) =>
    t.database.db.transaction((tx) =>
      postThroughSql(tx, {
        kind: 'adjustment',
        memo: entry.memo,
        actorId: t.admin.uid,
        now: clockNow(),
        lines: entry.lines.map((l) => ({
          account: sqlAccountOf(inSql, l.role),
          asset: l.asset,
          amount: fromUnits(l.units),
          kind: l.kind,
          ...(l.memo === undefined ? {} : { memo: l.memo }),
        })),
      }),
    );

  /** An entry's row and lines with accounts by role and balances after as the change since the start. */
  async function rowsOf(entryId: number) {
    const entry = (
      (await t.database.db.execute(sql`select kind, memo, actor_id from journal_entries where id = ${entryId}`)) as unknown as {
        rows: { kind: string; memo: string; actor_id: number | null }[];
      }
    ).rows;
    const lines = (
      (await t.database.db.execute(sql`
        select account_id::int as account_id, (user_id is not null) as is_user, asset, amount::text as amount,
               balance_after::text as balance_after, kind, memo
          from postings where entry_id = ${entryId} order by id`)) as unknown as {
        rows: { account_id: number; is_user: boolean; asset: string; amount: string; balance_after: string; kind: string; memo: string }[];
      }
    ).rows;
    return {
      entry,
      lines: lines.map(({ account_id, balance_after, ...line }) => {
        const account = roleOf.get(Number(account_id))!;
        return { ...line, role: account.role, moved: String(toUnits(balance_after) - account.start) };
      }),
    };
  }

  /** Every account's balance as the change since the start, by role, for one path's set. */
  async function balancesOf(set: AccountSet) {
    const rows = (
      (await t.database.db.execute(sql`
        select id::int as id, asset, balance::text as balance from ledger_accounts
         where user_id in (${set.users[0]}, ${set.users[1]}) or system_key in (${set.neg}, ${set.pos}) order by id`)) as unknown as {
        rows: { id: number; asset: string; balance: string }[];
      }
    ).rows;
    return rows
      .map((r) => {
        const account = roleOf.get(Number(r.id))!;
        return `${account.role}/${r.asset}: ${toUnits(r.balance) - account.start}`;
      })
      .sort();
  }

  async function bothPaths(entry: EntrySpec) {
    const [viaTs, viaSql] = [await postTs(entry).catch((error: unknown) => refusalOf(error)), await postSql(entry).catch((error: unknown) => refusalOf(error))];
    return { viaTs, viaSql };
  }

  it('write identical entries, lines, balances after and balances for random valid entries', async () => {
    let posted = 0;
    await fc.assert(
      fc.asyncProperty(validEntryArb, async (entry) => {
        const { viaTs, viaSql } = await bothPaths(entry);
        if (typeof viaTs === 'string' || typeof viaSql === 'string') {
          // Only an overdraft refuses a balanced entry, and then both paths refuse it.
          expect([viaTs, viaSql]).toEqual(['INSUFFICIENT_BALANCE', 'INSUFFICIENT_BALANCE']);
        } else {
          posted += 1;
          const [sqlRows, tsRows] = [await rowsOf(viaSql), await rowsOf(viaTs)];
          expect(tsRows.lines).toHaveLength(entry.lines.length);
          expect(sqlRows).toEqual(tsRows);
        }
        expect(await balancesOf(inSql)).toEqual(await balancesOf(ts));
      }),
      { numRuns: 40 },
    );
    // Overdrafts are the exception: most entries were written, so the rows were compared. Sampled 3,000 times with
    // this generator, the entries written out of 40 were 21 at the least, 36 at the median (decision 129); at the
    // 1,000,000 users held before, one run in a thousand wrote 20 or fewer, and CI met one.
    expect(posted).toBeGreaterThanOrEqual(15);
  }, 600_000);

  it('refuse the same invalid entries and write nothing for them', async () => {
    await fc.assert(
      fc.asyncProperty(invalidEntryArb, async (entry) => {
        const { viaTs, viaSql } = await bothPaths(entry);
        expect(typeof viaTs).toBe('string');
        expect(viaSql).toBe(viaTs);
        expect(await balancesOf(inSql)).toEqual(await balancesOf(ts));
      }),
      { numRuns: 20 },
    );
  }, 600_000);

  it('both refuse a line of an unknown user; the database refuses a kind the contract does not list', async () => {
    const stranger = { memo: '', lines: [{ role: 'u0', asset: 'usdt', units: 1n, kind: 'deposit' }] } as EntrySpec;
    const viaTs = await t.database.db
      .transaction((tx) =>
        postEntry(tx, {
          kind: 'deposit',
          actorId: null,
          postings: [
            { account: { userId: 2_000_000_000, asset: 'usdt' }, amount: 1n, kind: 'deposit' },
            { account: { system: ts.neg, asset: 'usdt' }, amount: -1n, kind: 'deposit' },
          ],
        }),
      )
      .catch(refusalOf);
    const viaSql = await t.database.db
      .transaction((tx) =>
        postThroughSql(tx, {
          kind: 'deposit',
          memo: stranger.memo,
          actorId: null,
          now: clockNow(),
          lines: [
            { account: { user_id: 2_000_000_000 }, asset: 'usdt', amount: '0.00000001', kind: 'deposit' },
            { account: { system: inSql.neg }, asset: 'usdt', amount: '-0.00000001', kind: 'deposit' },
          ],
        }),
      )
      .catch(refusalOf);
    expect([viaTs, viaSql]).toEqual(['USER_NOT_FOUND', 'USER_NOT_FOUND']);

    const unknownKind = await t.database.db
      .transaction((tx) =>
        postThroughSql(tx, {
          kind: 'adjustment',
          memo: '',
          actorId: null,
          now: clockNow(),
          lines: [
            { account: sqlAccountOf(inSql, 'u0'), asset: 'usdt', amount: '1', kind: 'shop_refund' as PostingKind },
            { account: sqlAccountOf(inSql, 'neg'), asset: 'usdt', amount: '-1', kind: 'adjustment' },
          ],
        }),
      )
      .catch(refusalOf);
    expect(unknownKind).toBe('unknown_kind');
    const unknownEntryKind = await t.database.db
      .transaction((tx) =>
        postThroughSql(tx, {
          kind: 'shop_refund' as 'adjustment',
          memo: '',
          actorId: null,
          now: clockNow(),
          lines: [
            { account: sqlAccountOf(inSql, 'u0'), asset: 'usdt', amount: '1', kind: 'adjustment' },
            { account: sqlAccountOf(inSql, 'neg'), asset: 'usdt', amount: '-1', kind: 'adjustment' },
          ],
        }),
      )
      .catch(refusalOf);
    expect(unknownEntryKind).toBe('unknown_kind');
    expect(await balancesOf(inSql)).toEqual(await balancesOf(ts));
  });
});
