import type { ConversationRef } from '@reef/contract';

/**
 * The conversation on screen (and visible), so live messages for it are not counted unread: the page
 * marks them read as they arrive.
 */
let open: ConversationRef | null = null;

export function setOpenConversation(ref: ConversationRef | null): void {
  open = ref;
}

export function openConversation(): ConversationRef | null {
  return open;
}
