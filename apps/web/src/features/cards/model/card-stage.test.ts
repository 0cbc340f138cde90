import { describe, expect, it } from 'vitest';
import { cardStage } from './card-stage';

const HOLD = '2026-12-03T12:00:00.000Z';
const LIST_BY = '2026-12-10T12:00:00.000Z';
const card = { state: 'warehouse' as const, hold_until: HOLD, list_by: LIST_BY };

describe('cardStage', () => {
  it('holds until hold_until, is due until list_by, overdue after', () => {
    expect(cardStage(card, Date.parse(HOLD) - 1)).toBe('holding');
    expect(cardStage(card, Date.parse(HOLD))).toBe('due');
    expect(cardStage(card, Date.parse(LIST_BY) - 1)).toBe('due');
    expect(cardStage(card, Date.parse(LIST_BY))).toBe('overdue');
  });

  it('follows the state for a card out of the warehouse', () => {
    expect(cardStage({ ...card, state: 'listed' }, 0)).toBe('listed');
    expect(cardStage({ ...card, state: 'sold' }, 0)).toBe('sold');
    expect(cardStage({ ...card, state: 'split' }, 0)).toBe('split');
  });
});
