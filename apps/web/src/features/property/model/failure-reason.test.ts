import { describe, expect, it } from 'vitest';
import { chainFailure } from './failure-reason';

describe('chainFailure', () => {
  it('recognizes the watchers’ failure codes and nothing else', () => {
    expect(chainFailure('DEPOSIT_TX_REVERTED')).toBe('DEPOSIT_TX_REVERTED');
    expect(chainFailure('DEPOSIT_WRONG_SENDER')).toBe('DEPOSIT_WRONG_SENDER');
    expect(chainFailure('INTERNAL_ERROR')).toBeNull();
    expect(chainFailure(null)).toBeNull();
  });
});
