import { describe, expect, it } from 'vitest';
import { communityPaths, generationParam, uidParam } from './paths';

describe('community paths', () => {
  it('links the lists and the leader pages', () => {
    expect(communityPaths.members('direct')).toBe('/pages/community/members');
    expect(communityPaths.members('indirect')).toBe('/pages/community/members?generation=indirect');
    expect(communityPaths.leaderMember(42)).toBe('/pages/community/leader/42');
    expect(communityPaths.invite()).toBe('/pages/community/invite');
  });

  it('reads the generation, defaulting to the direct list', () => {
    expect(generationParam('indirect')).toBe('indirect');
    expect(generationParam('direct')).toBe('direct');
    expect(generationParam(null)).toBe('direct');
    expect(generationParam('INDIRECT')).toBe('direct');
  });

  it('reads a uid, 0 for anything that is not a positive whole number in range', () => {
    expect(uidParam('7')).toBe(7);
    expect(uidParam('2147483647')).toBe(2_147_483_647);
    for (const raw of [undefined, null, '', '0', '-1', '1.5', '07', 'abc', '2147483648', '99999999999']) expect(uidParam(raw)).toBe(0);
  });
});
