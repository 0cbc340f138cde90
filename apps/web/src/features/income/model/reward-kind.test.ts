import { describe, expect, it } from 'vitest';
import { parseRewardKind } from './reward-kind';

describe('parseRewardKind', () => {
  it('accepts the five reward kinds', () => {
    expect(parseRewardKind('direct')).toBe('direct');
    expect(parseRewardKind('same_level')).toBe('same_level');
  });
  it('refuses anything else', () => {
    expect(parseRewardKind(null)).toBeNull();
    expect(parseRewardKind('')).toBeNull();
    expect(parseRewardKind('reward_direct')).toBeNull();
    expect(parseRewardKind('toString')).toBeNull();
  });
});
