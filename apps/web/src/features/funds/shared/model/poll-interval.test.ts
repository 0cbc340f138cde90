import { describe, expect, it } from 'vitest';
import { depositPollInterval, FAST_POLL_MS, REVIEW_POLL_MS, withdrawalPollInterval } from './poll-interval';

describe('depositPollInterval', () => {
  it('is fast while a transfer is confirmed, slow while a request waits for review, off when all are settled', () => {
    expect(depositPollInterval(['credited', 'pending', 'review'])).toBe(FAST_POLL_MS);
    expect(depositPollInterval(['credited', 'review'])).toBe(REVIEW_POLL_MS);
    expect(depositPollInterval(['credited', 'failed', 'rejected'])).toBe(false);
    expect(depositPollInterval([])).toBe(false);
  });
});

describe('withdrawalPollInterval', () => {
  it('is fast while a payout is being sent, slow while one waits for an operator', () => {
    expect(withdrawalPollInterval(['pending', 'paying'])).toBe(FAST_POLL_MS);
    expect(withdrawalPollInterval(['approved', 'pending'])).toBe(REVIEW_POLL_MS);
    expect(withdrawalPollInterval(['approved', 'rejected'])).toBe(false);
  });
});
