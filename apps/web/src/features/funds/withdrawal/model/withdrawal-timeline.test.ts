import { describe, expect, it } from 'vitest';
import { withdrawalTimeline } from './withdrawal-timeline';

const CREATED = '2026-11-20T08:00:00.000Z';
const REVIEWED = '2026-11-20T09:30:00.000Z';

describe('withdrawalTimeline', () => {
  it('waits for review while pending', () => {
    expect(withdrawalTimeline({ status: 'pending', created_at: CREATED, reviewed_at: null })).toEqual([
      { id: 'requested', state: 'done', at: CREATED },
      { id: 'reviewed', state: 'current', at: null },
      { id: 'paid', state: 'waiting', at: null },
    ]);
  });

  it('has passed review and waits for the payout while paying', () => {
    expect(withdrawalTimeline({ status: 'paying', created_at: CREATED, reviewed_at: null }).map((step) => [step.id, step.state])).toEqual([
      ['requested', 'done'],
      ['reviewed', 'done'],
      ['paid', 'current'],
    ]);
  });

  it('ends paid at the review time when approved', () => {
    expect(withdrawalTimeline({ status: 'approved', created_at: CREATED, reviewed_at: REVIEWED })).toEqual([
      { id: 'requested', state: 'done', at: CREATED },
      { id: 'reviewed', state: 'done', at: REVIEWED },
      { id: 'paid', state: 'done', at: REVIEWED },
    ]);
  });

  it('ends rejected (failed) instead of paid when rejected', () => {
    const steps = withdrawalTimeline({ status: 'rejected', created_at: CREATED, reviewed_at: REVIEWED });
    expect(steps.map((step) => step.id)).toEqual(['requested', 'reviewed', 'rejected']);
    expect(steps[2]).toEqual({ id: 'rejected', state: 'failed', at: REVIEWED });
  });
});
