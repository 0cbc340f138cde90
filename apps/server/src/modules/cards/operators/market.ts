/**
 * The card market as operators see and steer it (decisions 053, 054): every buy order and match with filters,
 * cancelling a waiting order (its reservation back in full), the community-leader flag and the platform's default
 * split rule, each change audited with its before and after.
 */
import { toUnits, type LanguageCode } from '@reef/contract';
import * as clock from '../../../core/clock.js';
import { DomainError } from '../../../core/errors.js';
import type { Database } from '../../../db/client.js';
import { setLeader } from '../../users/users.service.js';
import * as cardsRepo from '../cards.repository.js';
import type { CardTypeRow } from '../cards.repository.js';
import { NO_SPLIT } from '../split.js';
import * as repo from '../trading.repository.js';
import { ruleFrom, ruleOf, splitView, type SplitInput } from '../trading/order-split.js';
import { releaseOrder } from '../trading/orders.js';
import { amount, iso, orderView, pageOffset, typesById, type OrderWithMatch } from '../trading/views.js';
import { auditCardChange } from './audit.js';

function adminOrderView(row: OrderWithMatch, type: CardTypeRow, language: LanguageCode) {
  return { ...orderView(row, type, language), buyer: row.order.buyerId, cancelled_by: row.order.cancelledBy };
}

export async function adminOrders(
  db: Database,
  query: { page: number; limit: number; state?: string; type?: number; session?: number; uid?: number },
  language: LanguageCode,
) {
  const { list, total } = await repo.orders(db, { state: query.state, typeId: query.type, sessionId: query.session, buyerId: query.uid }, pageOffset(query));
  const types = await typesById(
    db,
    list.map((r) => r.order.cardTypeId),
  );
  return { list: list.map((r) => adminOrderView(r, types.get(r.order.cardTypeId)!, language)), page: query.page, limit: query.limit, total };
}

export async function adminMatches(db: Database, query: { page: number; limit: number; type?: number; session?: number; uid?: number }) {
  const { list, total } = await repo.matches(db, { userId: query.uid, typeId: query.type, sessionId: query.session }, pageOffset(query));
  return {
    list: list.map((m) => ({
      id: m.id,
      listing_id: m.listingId,
      order_id: m.orderId,
      card_id: m.cardId,
      card_type_id: m.cardTypeId,
      session_id: m.sessionId,
      seller: m.sellerId,
      buyer: m.buyerId,
      price: amount(toUnits(m.price)),
      platform_fee: amount(toUnits(m.platformFee)),
      seller_obtained: amount(toUnits(m.sellerObtained)),
      fuel_fee: amount(toUnits(m.fuelFee)),
      trade_points: amount(toUnits(m.tradePoints)),
      entry_id: m.entryId,
      created_at: iso(m.createdAt),
    })),
    page: query.page,
    limit: query.limit,
    total,
  };
}

/** An operator cancels a waiting order: its reservation goes back in full, audited (who, when, before, after, why). */
export async function adminCancelOrder(db: Database, operatorId: number, orderId: number, reason: string, language: LanguageCode, now = clock.now()) {
  return db.transaction(async (tx) => {
    const before = await repo.orderWithMatch(tx, orderId);
    if (!before) throw new DomainError('NOT_FOUND');
    const ended = await releaseOrder(tx, orderId, { reason: 'cancelled', operatorId, note: reason }, now);
    if (!ended) throw new DomainError('CARD_ORDER_NOT_CANCELLABLE');
    await auditCardChange(
      tx,
      operatorId,
      'order',
      orderId,
      'cancel',
      { state: before.order.state },
      { state: ended.state, reason, release_entry_id: ended.releaseEntryId },
    );
    const type = (await cardsRepo.findCardType(tx, ended.cardTypeId))!;
    return adminOrderView({ order: ended, matchId: null, cardId: null, price: null }, type, language);
  });
}

/** An operator flags or unflags a community leader, audited with the flag before and after. */
export async function adminSetLeader(db: Database, operatorId: number, userId: number, leader: boolean) {
  return db.transaction(async (tx) => {
    const change = await setLeader(tx, userId, leader);
    await auditCardChange(tx, operatorId, 'leader', userId, 'update', { leader: change.before }, { leader: change.after });
    return { uid: userId, leader: change.after };
  });
}

export async function platformSplitDefault(db: Database) {
  return splitView(ruleOf(await repo.splitSettingsOf(db, null)) ?? NO_SPLIT);
}

/** An operator sets the platform's default split rule, audited with the rule before and after. */
export async function setPlatformSplitDefault(db: Database, operatorId: number, input: SplitInput, now = clock.now()) {
  return db.transaction(async (tx) => {
    const before = ruleOf(await repo.splitSettingsOf(tx, null));
    const view = splitView(ruleFrom(input));
    await repo.upsertSettings(tx, null, { ...view, by: operatorId, at: now });
    await auditCardChange(tx, operatorId, 'split_default', null, before ? 'update' : 'create', before ? splitView(before) : null, view);
    return view;
  });
}
