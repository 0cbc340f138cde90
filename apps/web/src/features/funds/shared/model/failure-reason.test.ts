import { describe, expect, it } from 'vitest';
import { chainFailure } from './failure-reason';

describe('chainFailure', () => {
  // The watchers' failure codes and nothing else.
  it.each([
    ['DEPOSIT_TX_REVERTED', 'DEPOSIT_TX_REVERTED'],
    ['DEPOSIT_WRONG_SENDER', 'DEPOSIT_WRONG_SENDER'],
    ['INTERNAL_ERROR', null],
    [null, null],
  ] as const)('chainFailure(%s) is %s', (reason, expected) => {
    expect(chainFailure(reason)).toBe(expected);
  });
});
