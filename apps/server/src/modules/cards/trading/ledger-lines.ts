/**
 * The market's journal lines (decisions 053, 054): a buy order's reservation moves between the buyer and
 * `cards_escrow`, a match pays out of it, and a short balance is refused naming the asset the page offers to top up.
 */
import { toUnits, type PostingKind } from '@reef/contract';
import type { Transaction } from '../../../db/client.js';
import { DomainError } from '../../../core/errors.js';
import { postEntry, type AccountRef, type PostingInput } from '../../ledger/ledger.service.js';
import type { Reservation } from '../matching.js';
import type { OrderRow } from '../trading.repository.js';

const SHORT_OF: Record<string, 'INSUFFICIENT_RUSD' | 'INSUFFICIENT_FUEL' | 'INSUFFICIENT_TRADE'> = {
  rusd: 'INSUFFICIENT_RUSD',
  fuel: 'INSUFFICIENT_FUEL',
  trade: 'INSUFFICIENT_TRADE',
};

/** Posts, turning the ledger's "insufficient balance" into the code that names the short asset (the page offers its top-up). */
export async function post(tx: Transaction, entry: Parameters<typeof postEntry>[1]) {
  try {
    return await postEntry(tx, entry);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'INSUFFICIENT_BALANCE') {
      const short = SHORT_OF[String(error.details.asset)];
      if (short) throw new DomainError(short);
    }
    throw error;
  }
}

export const RESERVED_ASSETS = ['rusd', 'fuel', 'trade'] as const;

export function reservationOf(order: OrderRow): Reservation {
  return { rusd: toUnits(order.reservedRusd), fuel: toUnits(order.reservedFuel), trade: toUnits(order.reservedTrade) };
}

/** Escrow ↔ buyer lines moving a whole reservation (sign +1: back to the buyer). */
export function reservationLines(buyerId: number, reserved: Reservation, direction: 1n | -1n, kind: PostingKind, memo: string): PostingInput[] {
  return RESERVED_ASSETS.flatMap((asset): PostingInput[] =>
    reserved[asset] > 0n
      ? [
          { account: { userId: buyerId, asset }, amount: direction * reserved[asset], kind, memo },
          { account: { system: 'cards_escrow', asset }, amount: -direction * reserved[asset], kind, memo },
        ]
      : [],
  );
}

/** Every account a match between these two users posts to (locked together, in account-id order, before the first entry). */
export function matchAccounts(sellerId: number, buyerId: number): AccountRef[] {
  return [
    { userId: sellerId, asset: 'rusd' },
    { system: 'fees', asset: 'rusd' },
    { system: 'burned', asset: 'fuel' },
    { system: 'burned', asset: 'trade' },
    ...RESERVED_ASSETS.map((asset) => ({ userId: buyerId, asset })),
    ...RESERVED_ASSETS.map((asset) => ({ system: 'cards_escrow' as const, asset })),
  ];
}
