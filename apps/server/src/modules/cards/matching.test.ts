import { describe, expect, it } from 'vitest';
import { toUnits } from '@reef/contract';
import { pickListing, pickOrder, reservationFor, settle, type MarketCardType } from './matching.js';
import { splitSalePrice } from './pricing.js';

const u = toUnits;
const type: MarketCardType = { platformFeeBp: 1000, obtainableBp: null, fuelFeeBp: 200, tradePoints: u('1') };

describe('matching', () => {
  const listings = [
    { cardId: 4, ownerId: 1, price: u('105'), listedAt: 30 },
    { cardId: 3, ownerId: 2, price: u('105'), listedAt: 20 },
    { cardId: 2, ownerId: 3, price: u('120'), listedAt: 10 },
    { cardId: 1, ownerId: 9, price: u('100'), listedAt: 20 },
  ];

  it('takes the oldest listing within the band, ties by card id, never the buyer own', () => {
    expect(pickListing(listings, { min: u('100'), max: u('110') }, 7)?.cardId).toBe(1);
    expect(pickListing(listings, { min: u('101'), max: u('110') }, 7)?.cardId).toBe(3);
    expect(pickListing(listings, { min: u('101'), max: u('110') }, 2)?.cardId).toBe(4);
    expect(pickListing(listings, { min: u('100'), max: u('200') }, 7)?.cardId).toBe(2);
    expect(pickListing(listings, { min: u('121'), max: u('200') }, 7)).toBeUndefined();
  });

  it('a new listing goes to the oldest waiting order whose band holds it, not the seller own', () => {
    const orders = [
      { orderId: 5, userId: 1, band: { min: u('100'), max: u('110') }, placedAt: 5 },
      { orderId: 6, userId: 2, band: { min: u('100'), max: u('104') }, placedAt: 1 },
      { orderId: 7, userId: 3, band: { min: u('105'), max: u('105') }, placedAt: 5 },
    ];
    expect(pickOrder(orders, u('105'), 9)?.orderId).toBe(5);
    expect(pickOrder(orders, u('105'), 1)?.orderId).toBe(7);
    expect(pickOrder(orders, u('100'), 9)?.orderId).toBe(6);
    expect(pickOrder(orders, u('111'), 9)).toBeUndefined();
  });

  it('reserves the band maximum, its fuel fee and the trading points', () => {
    expect(reservationFor({ min: u('100'), max: u('110') }, type)).toEqual({ rusd: u('110'), fuel: u('2.2'), trade: u('1') });
  });

  it('a match pays the listing price and gives back the rest of the reservation', () => {
    const reserved = reservationFor({ min: u('100'), max: u('110') }, type);
    const s = settle(u('105'), splitSalePrice(u('105'), type), reserved, type);
    expect(s).toEqual({
      price: u('105'),
      sellerGets: u('94.5'),
      platformFee: u('10.5'),
      fuelFee: u('2.1'),
      tradePoints: u('1'),
      refund: { rusd: u('5'), fuel: u('0.1'), trade: 0n },
    });
  });

  it('rates raised after the order was placed never charge more than was reserved', () => {
    const reserved = reservationFor({ min: u('100'), max: u('110') }, type);
    const s = settle(u('110'), splitSalePrice(u('110'), type), reserved, { ...type, fuelFeeBp: 900, tradePoints: u('5') });
    expect([s.fuelFee, s.tradePoints, s.refund.fuel, s.refund.trade]).toEqual([u('2.2'), u('1'), 0n, 0n]);
    expect(() => settle(u('110.01'), splitSalePrice(u('110.01'), type), reserved, type)).toThrow(RangeError);
    expect(() => settle(u('110'), { sellerGets: u('100'), platformFee: u('9') }, reserved, type)).toThrow(RangeError);
  });
});
