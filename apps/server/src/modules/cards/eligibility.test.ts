import { describe, expect, it } from 'vitest';
import { dueForAutoListing, listingProblem, renewalProblem, renewedListBy, type CardForRules } from './eligibility.js';

const card: CardForRules = { ownerId: 1, state: 'warehouse', holdUntil: 100, listBy: 200, autoSell: false };

describe('listing, renewal and auto-listing', () => {
  it('listing: only the owner, only from the warehouse, only after the holding time', () => {
    expect(listingProblem(undefined, 1, 150)).toBe('NOT_FOUND');
    expect(listingProblem(card, 2, 150)).toBe('NOT_FOUND');
    expect(listingProblem({ ...card, state: 'listed' }, 1, 150)).toBe('CARD_ALREADY_LISTED');
    expect(listingProblem({ ...card, state: 'split' }, 1, 150)).toBe('CARD_NOT_IN_WAREHOUSE');
    expect(listingProblem(card, 1, 99)).toBe('CARD_HOLDING');
    expect(listingProblem(card, 1, 100)).toBeNull();
    expect(listingProblem(card, 1, 500)).toBeNull();
  });

  it('renewal: between the holding time and the listing deadline', () => {
    expect(renewalProblem(card, 2, 150)).toBe('NOT_FOUND');
    expect(renewalProblem({ ...card, state: 'listed' }, 1, 150)).toBe('CARD_NOT_IN_WAREHOUSE');
    expect(renewalProblem(card, 1, 99)).toBe('CARD_HOLDING');
    expect(renewalProblem(card, 1, 100)).toBeNull();
    expect(renewalProblem(card, 1, 199)).toBeNull();
    expect(renewalProblem(card, 1, 200)).toBe('CARD_RENEWAL_EXPIRED');
    expect(renewedListBy(200, 50)).toBe(250);
  });

  it('a session lists a card past its deadline, or one with auto-sell once it may be sold', () => {
    expect(dueForAutoListing(card, 150)).toBe(false);
    expect(dueForAutoListing(card, 200)).toBe(true);
    expect(dueForAutoListing({ ...card, autoSell: true }, 99)).toBe(false);
    expect(dueForAutoListing({ ...card, autoSell: true }, 100)).toBe(true);
    expect(dueForAutoListing({ ...card, state: 'listed' }, 300)).toBe(false);
  });
});
