import type { ChatMessage } from '@reef/contract';

export interface SyncPage {
  list: ChatMessage[];
  has_more: boolean;
}

/**
 * Fetches everything stored after `after` (GET /api/chat/sync pages, oldest first) until `has_more` is
 * false, handing each page to `onPage` as it arrives; answers the newest id seen. Stops if a page
 * does not move the cursor forward, so a misbehaving answer cannot loop forever.
 */
export async function catchUp(fetchPage: (after: number) => Promise<SyncPage>, after: number, onPage: (messages: ChatMessage[]) => void): Promise<number> {
  let cursor = after;
  for (;;) {
    const page = await fetchPage(cursor);
    const newest = page.list.reduce((max, m) => Math.max(max, m.id), cursor);
    if (page.list.length > 0) onPage(page.list);
    if (!page.has_more || newest <= cursor) return newest;
    cursor = newest;
  }
}
