import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage, ConversationRef } from '@reef/contract';
import { chatKeys } from '../api/keys';
import { flattenHistory, type ConversationList, type HistoryData } from './message-cache';
import { mergeMessages } from './merge-messages';
import { setOpenConversation } from './open-conversation';

const ME = 1;
const alice: ConversationRef = { type: 'user', id: 2 };
const group: ConversationRef = { type: 'group', id: 5 };

function msg(id: number, conversation: ConversationRef, from = 2, client_id: string | null = null): ChatMessage {
  return {
    id,
    client_id,
    conversation,
    from: { uid: from, nickname: `u${from}`, address: '0x12...abcd', avatar: null },
    from_type: 'user',
    msg_type: 'text',
    content: `m${id}`,
    created_at: new Date(id * 1000).toISOString(),
  };
}

function seed(queryClient: QueryClient) {
  queryClient.setQueryData<HistoryData>(chatKeys.messages(alice), {
    pages: [{ list: [msg(3, alice), msg(1, alice)], has_more: false }],
    pageParams: [undefined],
  });
  queryClient.setQueryData<ConversationList>(chatKeys.conversations, {
    list: [
      { conversation: group, title: 'g', avatar: null, last_message: msg(4, group), unread: 0, updated_at: new Date(4000).toISOString() },
      { conversation: alice, title: 'alice', avatar: null, last_message: msg(3, alice), unread: 1, updated_at: new Date(3000).toISOString() },
    ],
    total_unread: 1,
  });
}

afterEach(() => setOpenConversation(null));

describe('mergeMessages', () => {
  it('puts frames, acks and catch-up pages into history and the list once each', () => {
    const queryClient = new QueryClient();
    seed(queryClient);
    // A live frame, then the same message again from a catch-up page, plus my own ack.
    mergeMessages(queryClient, [msg(6, alice)], ME);
    mergeMessages(queryClient, [msg(6, alice), msg(7, alice, ME, 'client-1')], ME);

    const history = queryClient.getQueryData<HistoryData>(chatKeys.messages(alice));
    expect(flattenHistory(history).map((m) => m.id)).toEqual([1, 3, 6, 7]);
    const list = queryClient.getQueryData<ConversationList>(chatKeys.conversations)!;
    expect(list.list.map((r) => [r.conversation.type, r.last_message?.id, r.unread])).toEqual([
      ['user', 7, 2],
      ['group', 4, 0],
    ]);
    expect(list.total_unread).toBe(2);
  });

  it('does not count messages of the conversation on screen', () => {
    const queryClient = new QueryClient();
    seed(queryClient);
    setOpenConversation(alice);
    mergeMessages(queryClient, [msg(8, alice)], ME);
    expect(queryClient.getQueryData<ConversationList>(chatKeys.conversations)!.total_unread).toBe(1);
  });

  it('marks the list stale for a conversation it does not know, and leaves uncached histories alone', () => {
    const queryClient = new QueryClient();
    seed(queryClient);
    const stranger: ConversationRef = { type: 'user', id: 9 };
    mergeMessages(queryClient, [msg(10, stranger, 9)], ME);
    expect(queryClient.getQueryState(chatKeys.conversations)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData(chatKeys.messages(stranger))).toBeUndefined();
  });
});
