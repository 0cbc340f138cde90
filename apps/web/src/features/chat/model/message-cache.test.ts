import { describe, expect, it } from 'vitest';
import type { ChatMessage, ConversationRef, ConversationSummary } from '@reef/contract';
import { catchUp } from './catch-up';
import { badgeText } from './badge';
import { applyReadMark, applyToConversations, flattenHistory, insertIntoHistory, newestId, type ConversationList, type HistoryData } from './message-cache';

const peer = (uid: number) => ({ uid, nickname: `u${uid}`, address: '0x12...abcd', avatar: null });

function msg(id: number, from = 2, conversation: ConversationRef = { type: 'user', id: 2 }): ChatMessage {
  return {
    id,
    client_id: null,
    conversation,
    from: peer(from),
    from_type: 'user',
    msg_type: 'text',
    content: `m${id}`,
    created_at: new Date(id * 1000).toISOString(),
  };
}

function history(...pages: { ids: number[]; has_more: boolean }[]): HistoryData {
  return {
    pages: pages.map((p) => ({ list: p.ids.map((id) => msg(id)), has_more: p.has_more })),
    pageParams: pages.map((_, i) => (i === 0 ? undefined : pages[i - 1]!.ids.at(-1))),
  };
}

const ids = (data: HistoryData | undefined) => data?.pages.map((p) => p.list.map((m) => m.id));

describe('insertIntoHistory', () => {
  it('adds new messages to the newest page, newest first, each once', () => {
    const data = history({ ids: [10, 9, 8], has_more: true }, { ids: [7, 6], has_more: true });
    const next = insertIntoHistory(data, [msg(12), msg(11), msg(12), msg(9)]);
    expect(ids(next)).toEqual([
      [12, 11, 10, 9, 8],
      [7, 6],
    ]);
    expect(flattenHistory(next).map((m) => m.id)).toEqual([6, 7, 8, 9, 10, 11, 12]);
  });

  it('answers the same object when every message is already there', () => {
    const data = history({ ids: [10, 9], has_more: false });
    expect(insertIntoHistory(data, [msg(10), msg(9)])).toBe(data);
  });

  it('keeps an uncached conversation uncached', () => {
    expect(insertIntoHistory(undefined, [msg(1)])).toBeUndefined();
  });

  it('puts a late message into the page that covers it, and leaves out one older than a page still to load', () => {
    const data = history({ ids: [20, 18], has_more: true }, { ids: [15, 12], has_more: true });
    expect(ids(insertIntoHistory(data, [msg(16), msg(3)]))).toEqual([
      [20, 18],
      [16, 15, 12],
    ]);
    const complete = history({ ids: [20, 18], has_more: false });
    expect(ids(insertIntoHistory(complete, [msg(3)]))).toEqual([[20, 18, 3]]);
  });

  it('fills an empty conversation', () => {
    expect(ids(insertIntoHistory(history({ ids: [], has_more: false }), [msg(1)]))).toEqual([[1]]);
  });
});

describe('flattenHistory', () => {
  it('shows overlapping pages once, oldest first', () => {
    expect(flattenHistory(history({ ids: [5, 4, 3], has_more: true }, { ids: [3, 2, 1], has_more: false })).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('conversation list', () => {
  const row = (conversation: ConversationRef, last: number | null, unread: number): ConversationSummary => ({
    conversation,
    title: 't',
    avatar: null,
    last_message: last === null ? null : msg(last, 2, conversation),
    unread,
    updated_at: new Date(0).toISOString(),
  });
  const list: ConversationList = {
    list: [row({ type: 'user', id: 2 }, 5, 0), row({ type: 'group', id: 3 }, 8, 2)],
    total_unread: 2,
  };

  it('moves the conversation up with its last message and counts it unread', () => {
    const next = applyToConversations(list, msg(9, 2, { type: 'group', id: 3 }), { myUid: 1, openConversation: null });
    expect(next?.list.map((r) => [r.conversation.type, r.last_message?.id, r.unread])).toEqual([
      ['group', 9, 3],
      ['user', 5, 0],
    ]);
    expect(next?.total_unread).toBe(3);
  });

  it('does not count my own messages or the conversation open on screen, nor a message seen before', () => {
    expect(applyToConversations(list, msg(9, 1), { myUid: 1, openConversation: null })?.total_unread).toBe(2);
    // An agent's own answer written as the desk is theirs too.
    const asDesk = { ...msg(9, 1, { type: 'group', id: 3 }), from_type: 'service' as const };
    expect(applyToConversations(list, asDesk, { myUid: 1, openConversation: null })?.total_unread).toBe(2);
    expect(applyToConversations(list, msg(9, 2), { myUid: 1, openConversation: { type: 'user', id: 2 } })?.total_unread).toBe(2);
    expect(applyToConversations(list, msg(5, 2), { myUid: 1, openConversation: null })).toBe(list);
  });

  it('answers null for a conversation the list does not have yet', () => {
    expect(applyToConversations(list, msg(9, 4, { type: 'user', id: 4 }), { myUid: 1, openConversation: null })).toBeNull();
  });

  it('applies a read mark with the counts the server answered', () => {
    const next = applyReadMark(list, { type: 'group', id: 3 }, 0, 0);
    expect(next.list.map((r) => r.unread)).toEqual([0, 0]);
    expect(next.total_unread).toBe(0);
  });

  it('tracks the newest id', () => {
    expect(newestId(null, [])).toBeNull();
    expect(newestId(4, [msg(3), msg(7)])).toBe(7);
  });
});

describe('catchUp', () => {
  /** A server with stored messages 1..n, answering `limit` a page the way GET /api/chat/sync does. */
  const store = (n: number, limit: number) => {
    const calls: number[] = [];
    const fetchPage = async (after: number) => {
      calls.push(after);
      const list = Array.from({ length: n }, (_, i) => msg(i + 1))
        .filter((m) => m.id > after)
        .slice(0, limit);
      return { list, has_more: list.length === limit && list.at(-1)!.id < n };
    };
    return { calls, fetchPage };
  };

  it('fetches page after page until has_more is false, and merging twice doubles nothing', async () => {
    const server = store(45, 20);
    const data = history({ ids: [12, 11, 10], has_more: true });
    let cache: HistoryData | undefined = data;
    const newest = await catchUp(server.fetchPage, 10, (page) => (cache = insertIntoHistory(cache, page)));
    expect(newest).toBe(45);
    expect(server.calls).toEqual([10, 30]);
    // A reconnect that replays from an older cursor (the socket delivered some meanwhile) merges cleanly.
    await catchUp(server.fetchPage, 20, (page) => (cache = insertIntoHistory(cache, page)));
    expect(flattenHistory(cache).map((m) => m.id)).toEqual(Array.from({ length: 45 - 9 }, (_, i) => i + 10));
  });

  it('answers the cursor when nothing is new, and stops on a page that does not advance', async () => {
    expect(await catchUp(store(5, 20).fetchPage, 5, () => undefined)).toBe(5);
    let calls = 0;
    const stuck = async () => {
      calls++;
      return { list: [msg(3)], has_more: true };
    };
    expect(await catchUp(stuck, 3, () => undefined)).toBe(3);
    expect(calls).toBe(1);
  });
});

describe('badgeText', () => {
  it('caps at 999+', () => {
    expect([0, -1, 1, 999, 1000, 12345].map(badgeText)).toEqual(['', '', '1', '999', '999+', '999+']);
  });
});
