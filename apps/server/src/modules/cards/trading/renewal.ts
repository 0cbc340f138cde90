/**
 * Renewal (decision 053): between the end of its holding time and its listing deadline, the owner may pay the
 * renewal fee to move the deadline one listing window later; a card past its deadline is listed by the next
 * session by itself. The fee is the pure `../pricing.ts` `renewalFee`, the refusals `../eligibility.ts`.
 */
import { toUnits } from '@reef/contract';
import type { Database } from '../../../db/client.js';
import * as clock from '../../../core/clock.js';
import { DomainError } from '../../../core/errors.js';
import { recordEvent } from '../../events/events.service.js';
import { runIdempotent } from '../../idempotency/idempotency.service.js';
import { balanceKey, balancesOf } from '../../ledger/ledger.service.js';
import * as cardsRepo from '../cards.repository.js';
import { renewalProblem, renewedListBy } from '../eligibility.js';
import { renewalFee } from '../pricing.js';
import * as repo from '../trading.repository.js';
import { post } from './ledger-lines.js';
import { amount, iso, rulesCard } from './views.js';

const DAY_MS = 86_400_000;

export async function previewRenewal(db: Database, userId: number, cardId: number, now = clock.now()) {
  const card = await repo.cardById(db, cardId);
  if (!card || card.ownerId !== userId) throw new DomainError('NOT_FOUND');
  const type = (await cardsRepo.findCardType(db, card.cardTypeId))!;
  const problem = renewalProblem(rulesCard(card), userId, now.getTime());
  return {
    card_id: card.id,
    price: amount(toUnits(card.price)),
    fee: amount(renewalFee(toUnits(card.price), type.renewalFeeBp)),
    renewal_fee_bp: type.renewalFeeBp,
    hold_until: iso(card.holdUntil),
    list_by: iso(card.listBy),
    new_list_by: iso(new Date(renewedListBy(card.listBy.getTime(), type.listWindowDays * DAY_MS))),
    renewable: problem === null,
    refusal: problem === 'NOT_FOUND' ? null : problem,
    now: iso(now),
  };
}

/** Renews a card for its fee: its listing deadline moves one listing window later. */
export async function renewCard(db: Database, userId: number, cardId: number, idempotencyKey: string | undefined, now = clock.now()) {
  return runIdempotent(db, { userId, key: idempotencyKey, request: ['card-renewal', cardId] }, async (tx) => {
    const card = await repo.lockCard(tx, cardId);
    const problem = renewalProblem(card && rulesCard(card), userId, now.getTime());
    if (problem) throw new DomainError(problem);
    const type = (await cardsRepo.findCardType(tx, card!.cardTypeId))!;
    const fee = renewalFee(toUnits(card!.price), type.renewalFeeBp);
    const listBy = new Date(renewedListBy(card!.listBy.getTime(), type.listWindowDays * DAY_MS));
    const memo = `card ${cardId}`;
    // A free renewal (rate 0, or a fee that truncates to 0) has no money to move, so no entry.
    const posted =
      fee === 0n
        ? null
        : await post(tx, {
            kind: 'card_renewal',
            memo,
            actorId: userId,
            postings: [
              { account: { userId, asset: 'rusd' }, amount: -fee, kind: 'card_renewal', memo },
              { account: { system: 'fees', asset: 'rusd' }, amount: fee, kind: 'card_renewal', memo },
            ],
          });
    const entryId = posted?.entryId ?? null;
    await repo.insertRenewal(tx, { cardId, userId, fee: amount(fee), listByBefore: card!.listBy, listByAfter: listBy, entryId, createdAt: now });
    await repo.updateCard(tx, cardId, { listBy, updatedAt: now });
    await repo.insertHistory(tx, [{ cardId, event: 'renewed', ownerId: userId, price: card!.price, entryId, createdAt: now }]);
    await recordEvent(tx, { type: 'card.renewed', user_id: userId, entry_id: entryId, card_id: cardId, fee: amount(fee), list_by: iso(listBy) });
    const balance = posted?.userBalances.get(balanceKey(userId, 'rusd')) ?? (await balancesOf(tx, userId)).get('rusd') ?? '0.00000000';
    return { card_id: cardId, fee: amount(fee), list_by: iso(listBy), entry_id: entryId, balance_rusd: balance };
  });
}
