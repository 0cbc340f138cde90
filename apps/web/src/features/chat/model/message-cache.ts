import type { InfiniteData } from '@tanstack/react-query';
import type { ChatMessage, ConversationRef, ConversationSummary } from '@reef/contract';

/** One page of GET /api/chat/messages: newest first. */
export interface MessagePage {
  list: ChatMessage[];
  has_more: boolean;
}

/** The history cache of one conversation; the page param is the `before` cursor (undefined = newest). */
export type HistoryData = InfiniteData<MessagePage, unknown>;

export interface ConversationList {
  list: ConversationSummary[];
  total_unread: number;
}

export function sameConversation(a: ConversationRef, b: ConversationRef): boolean {
  return a.type === b.type && a.id === b.id;
}

/**
 * Adds messages to a cached history, each once (by server id), keeping every page newest first.
 * Answers the same object when nothing changed, so subscribers do not re-render. An uncached
 * conversation stays uncached: its first read fetches everything anyway.
 */
export function insertIntoHistory(data: HistoryData | undefined, messages: readonly ChatMessage[]): HistoryData | undefined {
  if (data === undefined || data.pages.length === 0) return data;
  const known = new Set<number>();
  for (const page of data.pages) for (const m of page.list) known.add(m.id);
  const fresh = messages.filter((m) => !known.has(m.id) && (known.add(m.id), true));
  if (fresh.length === 0) return data;
  // A message goes to the first page whose range reaches down to it. One older than everything loaded
  // is left out while older pages remain: "load older" asks `before` the oldest loaded id, and a
  // straggler there would make it skip the messages in between.
  const pages = data.pages.map((page) => ({ ...page, list: [...page.list] }));
  let changed = false;
  for (const message of fresh) {
    let target = pages.find((page) => page.list.length === 0 || message.id > page.list[page.list.length - 1]!.id);
    if (!target) {
      const last = pages[pages.length - 1]!;
      if (last.has_more) continue;
      target = last;
    }
    target.list.push(message);
    target.list.sort((a, b) => b.id - a.id);
    changed = true;
  }
  return changed ? { ...data, pages } : data;
}

/** The history to show: oldest first, each message once. */
export function flattenHistory(data: HistoryData | undefined): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const page of data?.pages ?? []) for (const m of page.list) if (!byId.has(m.id)) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * A new message in the conversation list: the row gets it as its last message and moves up; a message
 * from someone else adds one unread unless that conversation is open on screen. Answers null when the
 * conversation is not in the list (a new friend, a new group), which the caller refetches.
 */
export function applyToConversations(
  data: ConversationList,
  message: ChatMessage,
  options: { myUid: number | null; openConversation: ConversationRef | null },
): ConversationList | null {
  const index = data.list.findIndex((row) => sameConversation(row.conversation, message.conversation));
  if (index < 0) return null;
  const row = data.list[index]!;
  if (row.last_message !== null && row.last_message.id >= message.id) return data;
  // Mine whether written as myself or, for an agent, as the desk.
  const mine = options.myUid !== null && message.from.uid === options.myUid;
  const open = options.openConversation !== null && sameConversation(options.openConversation, message.conversation);
  const counts = !mine && !open;
  const updated: ConversationSummary = {
    ...row,
    last_message: message,
    updated_at: message.created_at,
    unread: row.unread + (counts ? 1 : 0),
  };
  const rest = data.list.filter((_, i) => i !== index);
  return { list: [updated, ...rest], total_unread: data.total_unread + (counts ? 1 : 0) };
}

/** After a read mark: the row's unread and the total as the server counted them. */
export function applyReadMark(data: ConversationList, conversation: ConversationRef, unread: number, totalUnread: number): ConversationList {
  return {
    list: data.list.map((row) => (sameConversation(row.conversation, conversation) ? { ...row, unread } : row)),
    total_unread: totalUnread,
  };
}

/** The newest server id among messages (and `current`), for the catch-up cursor. */
export function newestId(current: number | null, messages: readonly ChatMessage[]): number | null {
  let newest = current;
  for (const m of messages) if (newest === null || m.id > newest) newest = m.id;
  return newest;
}
