import { describe, expect, it } from 'vitest';
import { StockGate, StockGates } from './stock-gate.js';

describe('the stock gate', () => {
  it('admits as many buyers as cards are left and refuses the waiters once they are gone', async () => {
    const gate = new StockGate(2);
    const entries = Array.from({ length: 5 }, () => gate.enter());
    await Promise.resolve();
    expect(await Promise.all(entries.slice(0, 2))).toEqual([true, true]);
    gate.leave('bought');
    gate.leave('bought');
    expect(await Promise.all(entries.slice(2))).toEqual([false, false, false]);
    expect(gate.soldOut).toBe(true);
    expect(await gate.enter()).toBe(false);
  });

  it('hands a failed buyer’s place to the next waiter, in arrival order', async () => {
    const gate = new StockGate(1);
    expect(await gate.enter()).toBe(true);
    const order: number[] = [];
    const second = gate.enter().then((ok) => (order.push(2), ok));
    const third = gate.enter().then((ok) => (order.push(3), ok));
    gate.leave('failed');
    expect(await second).toBe(true);
    gate.leave('sold_out');
    expect(await third).toBe(false);
    expect(order).toEqual([2, 3]);
  });

  it('reads the stock again when its copy is too old (an operator raised it)', () => {
    const gates = new StockGates(250);
    const gate = gates.gateFor(7, 0, () => 0);
    expect(gate.soldOut).toBe(true);
    expect(gates.gateFor(7, 100, () => 5).soldOut).toBe(true);
    expect(gates.gateFor(7, 300, () => 5).soldOut).toBe(false);
  });
});
