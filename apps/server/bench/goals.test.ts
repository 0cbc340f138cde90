import { describe, expect, it } from 'vitest';
import { goalRate, goalTable, rowById, selectedRows, verdictOf } from './goals.js';

describe('the goal table verdicts', () => {
  const transfers = rowById('transfers');

  it('passes only when every bounded figure is within its goal on that database', () => {
    expect(verdictOf(transfers, 'pglite', { figures: { perSecond: 300, p99: 100 } })).toBe('PASS');
    expect(verdictOf(transfers, 'pglite', { figures: { perSecond: 299.9, p99: 20 } })).toBe('MISS');
    expect(verdictOf(transfers, 'pglite', { figures: { perSecond: 5_000, p99: 100.1 } })).toBe('MISS');
    // The same figures meet PGlite's goal and miss PostgreSQL's (≥ 800/s there).
    expect(verdictOf(transfers, 'postgres', { figures: { perSecond: 500, p99: 50 } })).toBe('MISS');
    expect(verdictOf(transfers, 'postgres', { figures: { perSecond: 800, p99: 50 } })).toBe('PASS');
  });

  it("measures a row's p99 at its throughput goal on each database, and judges only the bounded p99", () => {
    expect(goalRate('transfers', 'pglite')).toBe(300);
    expect(goalRate('transfers', 'postgres')).toBe(800);
    expect(goalRate('games', 'postgres')).toBe(1_000);
    expect(() => goalRate('settlement', 'pglite')).toThrow(/no throughput goal/);
    // The p99 as fast as answered is reported beside it, bounded by nothing.
    expect(verdictOf(transfers, 'pglite', { figures: { perSecond: 544, p99: 40, p99Saturated: 383 } })).toBe('PASS');
  });

  it('counts a bounded figure that was not reported, or is not a number, as a miss', () => {
    expect(verdictOf(transfers, 'pglite', { figures: { perSecond: 400 } })).toBe('MISS');
    expect(verdictOf(transfers, 'pglite', { figures: { perSecond: 400, p99: Number.NaN } })).toBe('MISS');
  });

  it('judges a fact: "no" is a miss', () => {
    const settlement = rowById('settlement');
    expect(verdictOf(settlement, 'postgres', { figures: { seconds: 4, exactlyOnce: 1 } })).toBe('PASS');
    expect(verdictOf(settlement, 'postgres', { figures: { seconds: 4, exactlyOnce: 0 } })).toBe('MISS');
    expect(verdictOf(settlement, 'pglite', { figures: { seconds: 14, exactlyOnce: 1 } })).toBe('PASS');
    expect(verdictOf(settlement, 'postgres', { figures: { seconds: 14, exactlyOnce: 1 } })).toBe('MISS');
  });

  it('ignores a figure the issue does not bound on that database', () => {
    // Exchange p99 is bounded on PostgreSQL only.
    expect(verdictOf(rowById('exchange'), 'pglite', { figures: { perSecond: 700, p99: 900 } })).toBe('PASS');
    expect(verdictOf(rowById('exchange'), 'postgres', { figures: { perSecond: 1_200, p99: 900 } })).toBe('MISS');
    // Rewards: only "exactly once" on PGlite, throughput on PostgreSQL.
    expect(verdictOf(rowById('rewards'), 'pglite', { figures: { perSecond: 10, exactlyOnce: 1 } })).toBe('PASS');
    expect(verdictOf(rowById('rewards'), 'postgres', { figures: { perSecond: 10, exactlyOnce: 1 } })).toBe('MISS');
  });

  it('says why a row was not measured instead of judging it', () => {
    expect(verdictOf(transfers, 'postgres', { notMeasured: 'DATABASE_URL is not set' })).toBe('NOT MEASURED');
    const lines = goalTable([{ row: 'transfers', kind: 'postgres', measured: { notMeasured: 'DATABASE_URL is not set' } }]);
    expect(lines).toContain('  postgres  not measured: DATABASE_URL is not set | written ≥ 800/s, p99 at the goal rate ≤ 100 ms | NOT MEASURED');
  });

  it('prints each row with its figures, goal and verdict', () => {
    const lines = goalTable([
      { row: 'chat', kind: 'pglite', measured: { figures: { storedPerSecond: 991.4, deliveryP99: 120.25, groupP99: 80 } } },
      { row: 'settlement', kind: 'pglite', measured: { figures: { seconds: 16.04, exactlyOnce: 1 } } },
    ]);
    expect(lines).toEqual([
      'Issue 26 goal table (measured | goal | verdict)',
      'chat, 100 friend pairs offered 1,000 msg/s; a group of 200',
      '  pglite    stored 991/s, delivery p99 120 ms, group p99 80 ms | stored ≥ 950/s, delivery p99 ≤ 300 ms, group p99 ≤ 100 ms | PASS',
      'settlement, 100k miners + 100k pledges',
      '  pglite    run 16.0 s, paid exactly once: yes | run ≤ 15 s, paid exactly once | MISS',
    ]);
  });

  it('prints a latency nothing was answered for as such, and misses on it', () => {
    const measured = { figures: { p99: Number.NaN, lastSoldMs: Number.NaN, exactlyOnce: 0 } };
    expect(verdictOf(rowById('cards'), 'pglite', measured)).toBe('MISS');
    expect(goalTable([{ row: 'cards', kind: 'pglite', measured }])[2]).toMatch(
      /^ {2}pglite {4}p99 \(one press each\) none answered, last card sold at none answered, every card sold exactly once: NO/,
    );
  });

  it('selects rows from BENCH_ONLY and refuses an unknown one', () => {
    expect(selectedRows(undefined)).toHaveLength(8);
    expect(selectedRows('transfers, exchange')).toEqual(['transfers', 'exchange']);
    expect(() => selectedRows('transfer')).toThrow(/unknown row transfer/);
  });
});
