/**
 * The market's work when a session opens or closes (decision 053), called by the session jobs
 * (`../session-jobs.ts`) once the session's row says so, and safe to run again. Each card and order is its own
 * short transaction, which reads the clock itself: a pass can outlast the session, and every row is judged at the
 * time it is handled.
 */
import type { Database } from '../../../db/client.js';
import * as clock from '../../../core/clock.js';
import * as cardsRepo from '../cards.repository.js';
import type { CardSessionRow } from '../cards.repository.js';
import { dueForAutoListing } from '../eligibility.js';
import * as repo from '../trading.repository.js';
import { putOnSale } from './listing.js';
import { enterBook, settleMatch } from './matching-settlement.js';
import { releaseOrder } from './orders.js';
import { rulesCard } from './views.js';

/** Rows the session handlers take per look (each row is its own short transaction). */
const HANDLER_BATCH = 100;

/** The session hook (`../session-jobs.ts` calls it once the session's row says open). */
export async function onSessionOpen(db: Database, session: CardSessionRow): Promise<void> {
  await onSessionOpened(db, session.id);
}

/** The session hook (called once the session's row says closed): every waiting order is released. */
export async function onSessionClose(db: Database, session: CardSessionRow): Promise<void> {
  await releaseSessionOrders(db, session.id);
}

/** Calls `handle` on every id `idsAfter` pages through, `HANDLER_BATCH` at a time; answers how many it said yes to. */
async function eachId(idsAfter: (after: number) => Promise<number[]>, handle: (id: number) => Promise<boolean>): Promise<number> {
  let counted = 0;
  for (let after = 0; ;) {
    const ids = await idsAfter(after);
    if (ids.length === 0) return counted;
    for (const id of ids) {
      after = id;
      if (await handle(id)) counted += 1;
    }
  }
}

/**
 * A session has opened: every due card of its type is listed by itself (auto-sell on and past holding, or past
 * its listing deadline), oldest card first, each sold at once to a waiting order that fits; then every order
 * still waiting takes the oldest listing in its band.
 */
export async function onSessionOpened(db: Database, sessionId: number): Promise<{ listed: number; matched: number }> {
  const session = await cardsRepo.findSession(db, sessionId);
  if (!session) return { listed: 0, matched: 0 };
  let matched = 0;
  const listed = await eachId(
    (after) => repo.dueCardIds(db, session.cardTypeId, clock.now(), after, HANDLER_BATCH),
    async (id) => {
      const outcome = await db.transaction(async (tx) => {
        const now = clock.now();
        const book = await enterBook(tx, session.cardTypeId, now);
        if (book.session?.id !== sessionId) return null;
        const card = await repo.lockCard(tx, id);
        if (!card || !dueForAutoListing(rulesCard(card), now.getTime())) return null;
        return putOnSale(tx, book, card, true, now);
      });
      if (outcome?.matchId) matched += 1;
      return outcome !== null;
    },
  );
  matched += await eachId(
    (after) => repo.waitingOrderIds(db, sessionId, after, HANDLER_BATCH),
    (id) => matchWaitingOrder(db, session.cardTypeId, sessionId, id),
  );
  return { listed, matched };
}

async function matchWaitingOrder(db: Database, typeId: number, sessionId: number, orderId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const book = await enterBook(tx, typeId, now);
    if (book.session?.id !== sessionId) return false;
    const order = await repo.lockOrder(tx, orderId, true);
    if (order?.state !== 'waiting') return false;
    const listing = await repo.oldestListingInBand(tx, typeId, order.minPrice, order.maxPrice, order.buyerId);
    if (!listing) return false;
    await settleMatch(tx, { book, session: book.session, order, listing, now });
    return true;
  });
}

/**
 * A session has closed (its row already says so): every order still waiting gets its whole reservation back, each
 * in its own entry. An order being matched right now is waited for, then skipped when it completed.
 */
export async function releaseSessionOrders(db: Database, sessionId: number): Promise<number> {
  const session = await cardsRepo.findSession(db, sessionId);
  if (!session || (session.state !== 'closed' && session.state !== 'cancelled' && session.closesAt > clock.now())) return 0;
  const why = { reason: 'session_closed', operatorId: null, note: '' } as const;
  return eachId(
    (after) => repo.waitingOrderIds(db, sessionId, after, HANDLER_BATCH),
    async (id) => (await db.transaction((tx) => releaseOrder(tx, id, why, clock.now()))) !== null,
  );
}
