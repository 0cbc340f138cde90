import { describe, expect, it } from 'vitest';
import { conversationLink, parseId } from './conversation-link';

describe('conversationLink', () => {
  it('opens each kind of conversation on its page', () => {
    expect(conversationLink({ type: 'user', id: 5 }, 1)).toBe('/pages/chat/chat?uid=5');
    expect(conversationLink({ type: 'group', id: 9 }, 1)).toBe('/pages/chat/chatGroup?id=9');
    expect(conversationLink({ type: 'service', id: 1 }, 1)).toBe('/pages/chat/myService');
    expect(conversationLink({ type: 'service', id: 4 }, 1)).toBe('/pages/chat/myService?customer=4');
  });
});

describe('parseId', () => {
  it('accepts positive integers only', () => {
    expect(['7', '0', '-1', '1.5', 'x', '', '99999999999999999', null].map(parseId)).toEqual([7, null, null, null, null, null, null, null]);
  });
});
