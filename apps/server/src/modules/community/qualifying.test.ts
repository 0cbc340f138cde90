import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../events/events.service.js';
import { performanceUnits, purchaseOf, type QualifyingRules } from './qualifying.js';

const at = new Date('2026-11-27T00:00:00Z');
const stored = (event: object, id = 7n) => ({ ...event, id, occurred_at: at }) as StoredEvent;
const rules: QualifyingRules = {
  kinds: new Set(['card_starter', 'card_market', 'miner', 'pledge']),
  factors: new Map([
    ['usdt', '1'],
    ['rusd', '1'],
  ]),
};

/** A miner bought for 200 USDT and a pledge of 50 coin: the events the purchase tests read. */
const MINER_BOUGHT = stored({
  type: 'mining.purchased',
  user_id: 5,
  entry_id: 1,
  miner_id: 6,
  product_id: 1,
  order_no: 'M1',
  quantity: 1,
  asset: 'usdt',
  amount: '200.00000000',
});
const COIN_PLEDGE_LOCKED = stored({
  type: 'pledge.locked',
  user_id: 5,
  entry_id: 1,
  position_id: 8,
  product_id: 1,
  asset: 'coin',
  amount: '50.00000000',
  fee: '0.50000000',
  principal: '49.50000000',
});

describe('purchaseOf', () => {
  it('reads the buyer and price of a starter card and of a market match (the buyer, not the seller)', () => {
    const starter = purchaseOf(
      stored({ type: 'card.bought', user_id: 3, entry_id: 1, card_id: 9, card_type_id: 1, session_id: 2, price: '100.00000000', fuel_fee: '1.00000000' }),
    );
    expect(starter).toMatchObject({ kind: 'card_starter', buyerId: 3, asset: 'rusd', units: 10_000_000_000n, ref: { type: 'card', id: 9 }, eventId: 7n });
    const match = purchaseOf(
      stored({
        type: 'card.matched',
        user_id: 4,
        entry_id: 1,
        match_id: 1,
        order_id: 2,
        listing_id: 3,
        card_id: 9,
        card_type_id: 1,
        session_id: 2,
        seller_id: 3,
        price: '120.50000000',
        platform_fee: '1.00000000',
        seller_obtained: '119.50000000',
        fuel_fee: '0.00000000',
        trade_points: '0.00000000',
      }),
    );
    expect(match).toMatchObject({ kind: 'card_market', buyerId: 4, units: 12_050_000_000n });
  });

  it('reads a miner purchase and a pledge lock in their own asset; other events are not purchases', () => {
    expect(
      purchaseOf(
        stored({
          type: 'mining.purchased',
          user_id: 5,
          entry_id: 1,
          miner_id: 6,
          product_id: 1,
          order_no: 'M1',
          quantity: 2,
          asset: 'usdt',
          amount: '200.00000000',
        }),
      ),
    ).toMatchObject({ kind: 'miner', asset: 'usdt', units: 20_000_000_000n, ref: { type: 'miner', id: 6 } });
    expect(purchaseOf(COIN_PLEDGE_LOCKED)).toMatchObject({ kind: 'pledge', asset: 'coin', units: 5_000_000_000n });
    expect(
      purchaseOf(stored({ type: 'transfer.sent', user_id: 5, entry_id: 1, recipient_id: 6, asset: 'usdt', amount: '1.00000000', fee: '0.00000000' })),
    ).toBeNull();
  });
});

describe('performanceUnits', () => {
  const miner = purchaseOf(MINER_BOUGHT)!;
  const coinPledge = purchaseOf(COIN_PLEDGE_LOCKED)!;

  it('counts a purchase at its asset factor', () => {
    expect(performanceUnits(miner, rules)).toBe(20_000_000_000n);
    expect(performanceUnits(miner, { ...rules, factors: new Map([['usdt', '0.5']]) })).toBe(10_000_000_000n);
  });

  it('counts nothing for a kind the operator switched off or an asset without a factor', () => {
    expect(performanceUnits(miner, { ...rules, kinds: new Set(['pledge']) })).toBeNull();
    expect(performanceUnits(coinPledge, rules)).toBeNull();
  });
});
