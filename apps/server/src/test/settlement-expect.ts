/**
 * The exactly-once check the settlement tests share (kept apart from settlement-kit.ts, which the benchmark
 * imports without vitest): every bubble, settlement and credit the counters promise is there once, and the books
 * balance.
 */
import { expect } from 'vitest';
import type { Database } from '../db/client.js';
import { settlementFacts, type SettlementFacts } from './settlement-kit.js';

export async function expectSettledExactlyOnce(db: Database): Promise<SettlementFacts> {
  const facts = await settlementFacts(db);
  expect(facts.bubbles).toBe(facts.periodsCreated);
  expect(facts.bubbleOutput).toBe(facts.produced);
  expect(facts.settlements).toBe(facts.periodsPaid);
  expect(facts.interestCredited).toBe(facts.interestExpected);
  expect(facts.releaseCredited).toBe(facts.releaseExpected);
  expect(facts.gaps).toBe(0);
  expect(facts.unbalanced).toBe(0);
  return facts;
}
