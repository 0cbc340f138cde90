/**
 * Buy orders (decision 053): an order reserves its whole worst case (max price, its fuel fee, the trading points)
 * in `cards_escrow` while its type's session is open, is sold the oldest listing in its band at once or waits for
 * one, and gets its reservation back whole when its session closes or an operator cancels it.
 */
import { toUnits, type LanguageCode } from '@reef/contract';
import type { Database, Transaction } from '../../../db/client.js';
import * as clock from '../../../core/clock.js';
import { DomainError } from '../../../core/errors.js';
import { recordEvent } from '../../events/events.service.js';
import { runIdempotent } from '../../idempotency/idempotency.service.js';
import { requireReferrerFor } from '../../community/community.service.js';
import { balanceKey, lockAccounts, postEntry } from '../../ledger/ledger.service.js';
import { reservationFor } from '../matching.js';
import * as repo from '../trading.repository.js';
import { matchAccounts, post, reservationLines, reservationOf } from './ledger-lines.js';
import { enterBook, settleMatch } from './matching-settlement.js';
import { amount, marketType, orderView, type OrderWithMatch } from './views.js';

/** Buy orders one user may have waiting in one session. */
export const MAX_WAITING_ORDERS = 20;

export interface OrderInput {
  card_type_id: number;
  min_price: string;
  max_price: string;
}

/**
 * Places a buy order during its type's open session: reserves max price + its fuel fee + the trading points in
 * one entry (buyer → `cards_escrow`), then sells it the oldest listing in its band at once when there is one.
 */
export async function placeOrder(
  db: Database,
  userId: number,
  input: OrderInput,
  idempotencyKey: string | undefined,
  language: LanguageCode,
  now = clock.now(),
) {
  const band = { min: toUnits(input.min_price), max: toUnits(input.max_price) };
  const request = ['card-order', input];
  return runIdempotent(db, { userId, key: idempotencyKey, request }, async (tx) => {
    // Before the book's lock and any reservation: an order may match at once and pay referral rewards (decision 119).
    await requireReferrerFor(tx, userId, 'card_market');
    const book = await enterBook(tx, input.card_type_id, now);
    if (!book.type.active) throw new DomainError('CARD_TYPE_INACTIVE');
    const session = book.session;
    if (!session) throw new DomainError('CARD_SESSION_NOT_OPEN');
    if ((await repo.waitingOrderCount(tx, userId, session.id)) >= MAX_WAITING_ORDERS) throw new DomainError('CARD_ORDER_LIMIT_REACHED');
    const reserved = reservationFor(band, marketType(book.type));
    const listing = await repo.oldestListingInBand(tx, book.type.id, amount(band.min), amount(band.max), userId);
    const orderId = await repo.nextOrderId(tx);
    const orderMemo = `order ${orderId}`;
    const lines = reservationLines(userId, reserved, -1n, 'card_order_reserve', orderMemo);
    // Two entries follow (reservation, match) over different accounts: lock the card, then all the accounts, in
    // the market's lock order (matching-settlement.ts), before the first entry takes any.
    if (listing) await repo.lockCard(tx, listing.cardId);
    if (listing) await lockAccounts(tx, [...lines.map((l) => l.account), ...matchAccounts(listing.sellerId, userId)]);
    const posted = await post(tx, { kind: 'card_order_reserve', memo: orderMemo, actorId: userId, postings: lines });
    const order = await repo.insertOrder(tx, {
      id: orderId,
      buyerId: userId,
      cardTypeId: book.type.id,
      sessionId: session.id,
      minPrice: amount(band.min),
      maxPrice: amount(band.max),
      reservedRusd: amount(reserved.rusd),
      reservedFuel: amount(reserved.fuel),
      reservedTrade: amount(reserved.trade),
      state: 'waiting',
      entryId: posted.entryId,
      createdAt: now,
    });
    await recordEvent(tx, {
      type: 'card.order_placed',
      user_id: userId,
      entry_id: posted.entryId,
      order_id: order.id,
      card_type_id: book.type.id,
      session_id: session.id,
      min_price: amount(band.min),
      max_price: amount(band.max),
      reserved_rusd: amount(reserved.rusd),
      reserved_fuel: amount(reserved.fuel),
      reserved_trade: amount(reserved.trade),
    });
    let balance = posted.userBalances.get(balanceKey(userId, 'rusd'))!;
    let view: OrderWithMatch = { order, matchId: null, cardId: null, price: null };
    if (listing) {
      const match = await settleMatch(tx, { book, session, order, listing, now });
      balance = match.buyerRusd ?? balance;
      view = { order: { ...order, state: 'completed', endedAt: now }, matchId: match.id, cardId: match.cardId, price: match.price };
    }
    return { ...orderView(view, book.type, language), balance_rusd: balance };
  });
}

/** Why a waiting order's reservation goes back, and who sent it back (null: the session's close). */
export interface Release {
  reason: 'session_closed' | 'cancelled';
  operatorId: number | null;
  note: string;
}

/** Returns a waiting order's whole reservation in one entry; null when the order is no longer waiting. */
export async function releaseOrder(tx: Transaction, orderId: number, why: Release, now: Date) {
  const order = await repo.lockOrder(tx, orderId, false);
  if (order?.state !== 'waiting') return null;
  const reserved = reservationOf(order);
  // The lines keep the order's memo (the bill page names the order); the entry carries the operator's reason.
  const posted = await postEntry(tx, {
    kind: 'card_order_release',
    memo: why.note || `order ${order.id}`,
    actorId: why.operatorId,
    postings: reservationLines(order.buyerId, reserved, 1n, 'card_order_release', `order ${order.id}`),
  });
  const ended = await repo.updateOrder(tx, order.id, {
    state: why.reason === 'cancelled' ? 'cancelled' : 'released',
    releaseEntryId: posted.entryId,
    cancelledBy: why.operatorId,
    endedAt: now,
  });
  await recordEvent(tx, {
    type: 'card.order_released',
    user_id: order.buyerId,
    entry_id: posted.entryId,
    order_id: order.id,
    reason: why.reason,
    operator_id: why.operatorId,
    rusd: amount(reserved.rusd),
    fuel: amount(reserved.fuel),
    trade: amount(reserved.trade),
  });
  return ended;
}
