import { describe, expect, it } from 'vitest';
import { titleOf } from './ai.service.js';

describe('conversation title', () => {
  it('is the first question on one line, cut by characters', () => {
    expect(titleOf('  How do I\n withdraw?  ')).toBe('How do I withdraw?');
    expect(titleOf('提現'.repeat(40))).toHaveLength(60);
    // Cut by code points: a fish emoji is two UTF-16 units and is never split.
    expect(titleOf('🐠'.repeat(80))).toBe(`${'🐠'.repeat(59)}…`);
  });
});
