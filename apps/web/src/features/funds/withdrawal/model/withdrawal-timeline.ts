import type { Withdrawal } from '@reef/contract';

export type TimelineStepId = 'requested' | 'reviewed' | 'paid' | 'rejected';
/** done: happened (at `at` when the server says when); current: what the withdrawal waits for; waiting: later. */
export type TimelineStepState = 'done' | 'current' | 'waiting' | 'failed';

export interface TimelineStep {
  id: TimelineStepId;
  state: TimelineStepState;
  /** ISO time the step happened; null while it has not, or when the server does not record it. */
  at: string | null;
}

/**
 * The withdrawal detail's timeline: requested → reviewed → paid, or requested → reviewed → rejected.
 * `paying` (the hot wallet is sending) has passed review but the payout has no time yet; an approval is one
 * operator action, so review and payout share `reviewed_at`.
 */
export function withdrawalTimeline(item: Pick<Withdrawal, 'status' | 'created_at' | 'reviewed_at'>): TimelineStep[] {
  const requested: TimelineStep = { id: 'requested', state: 'done', at: item.created_at };
  switch (item.status) {
    case 'pending':
      return [requested, { id: 'reviewed', state: 'current', at: null }, { id: 'paid', state: 'waiting', at: null }];
    case 'paying':
      return [requested, { id: 'reviewed', state: 'done', at: null }, { id: 'paid', state: 'current', at: null }];
    case 'approved':
      return [requested, { id: 'reviewed', state: 'done', at: item.reviewed_at }, { id: 'paid', state: 'done', at: item.reviewed_at }];
    case 'rejected':
      return [requested, { id: 'reviewed', state: 'done', at: item.reviewed_at }, { id: 'rejected', state: 'failed', at: item.reviewed_at }];
  }
}
