/**
 * The property test of the market's rules on the in-memory model (decisions 053, 060): for random sequences of
 * starter buys, listings, withdrawals, auto-sell switches, renewals, buy orders, leader rules, session opens and
 * closes, cancellations and time passing — plain ones, and the database test's (orders aimed at what is on sale,
 * leaders whose rules split) — every state keeps the invariants of `checkInvariants` (money conserved, no card
 * sold twice, prices on the step, split pieces summing to the price, no order outliving its session).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, checkInvariants, command, marketSequence, newModel, type Command } from '../../test/cards-market-commands.js';

const sequences = (length: { minLength: number; maxLength: number }): fc.Arbitrary<Command[]> =>
  fc.oneof(fc.array(command, { ...length, size: 'max' }), marketSequence(length));

describe('card market model (property)', () => {
  it('keeps its invariants over random command sequences', () => {
    fc.assert(
      fc.property(sequences({ minLength: 1, maxLength: 150 }), (commands) => {
        const model = newModel();
        for (const c of commands) {
          apply(model, c);
          checkInvariants(model);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the sequences reach matches, splits, renewals, withdrawals and releases (the test is not vacuous)', () => {
    const seen = { matches: 0, splits: 0, renewals: 0, released: 0, autoListed: 0, withdrawals: 0 };
    fc.assert(
      fc.property(sequences({ minLength: 60, maxLength: 150 }), (commands) => {
        const model = newModel();
        for (const c of commands) {
          const before = c.kind === 'renew' ? model.totals() : null;
          const outcome = apply(model, c);
          if (before && outcome.ok) seen.renewals += 1;
        }
        seen.matches += model.matches.length;
        seen.splits += model.splits.length;
        seen.autoListed += model.autoListed;
        seen.withdrawals += model.withdrawals;
        seen.released += [...model.orders.values()].filter((o) => o.state === 'released').length;
      }),
      { numRuns: 200, seed: 20261126 },
    );
    console.info(`[market model] ${JSON.stringify(seen)}`);
    expect(seen.matches).toBeGreaterThan(250);
    expect(seen.autoListed).toBeGreaterThan(200);
    expect(seen.splits).toBeGreaterThan(50);
    expect(seen.withdrawals).toBeGreaterThan(50);
    expect(seen.renewals).toBeGreaterThan(15);
    expect(seen.released).toBeGreaterThan(300);
  });
});
