import type { ConversationRef } from '@reef/contract';
import { pagePath } from '../../../lib/pages';

/**
 * Where a conversation opens (spec §2 route parameters are not shown, so they ride in the hash query):
 * chat/chat?uid=, chat/chatGroup?id=, and chat/myService — for an agent with the customer's uid.
 */
export function conversationLink(ref: ConversationRef, myUid: number | null): string {
  switch (ref.type) {
    case 'user':
      return `${pagePath('chat/chat')}?uid=${ref.id}`;
    case 'group':
      return `${pagePath('chat/chatGroup')}?id=${ref.id}`;
    case 'service':
      return ref.id === myUid ? pagePath('chat/myService') : `${pagePath('chat/myService')}?customer=${ref.id}`;
  }
}

/** A positive integer from a hash query value, or null. */
export function parseId(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
