import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { chatKeys } from '../api/keys';
import type { ConversationList } from './message-cache';
import { patchConversationList } from './patch-conversation-list';

const EMPTY: ConversationList = { list: [], total_unread: 0 };
const addUnread = (data: ConversationList): ConversationList => ({ ...data, total_unread: data.total_unread + 1 });

describe('patchConversationList', () => {
  it('changes a current list and keeps its fetch time, so it goes stale when it would have', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(chatKeys.conversations, EMPTY, { updatedAt: 1_000 });
    patchConversationList(queryClient, addUnread);
    const state = queryClient.getQueryState<ConversationList>(chatKeys.conversations)!;
    expect(state.data?.total_unread).toBe(1);
    expect(state.dataUpdatedAt).toBe(1_000);
  });

  it('leaves a list that owes a refetch invalidated (the stale empty list of issue 10)', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(chatKeys.conversations, EMPTY);
    // A friend request was accepted: no page shows the list, so the invalidation only marks it.
    await queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
    patchConversationList(queryClient, addUnread);
    const state = queryClient.getQueryState<ConversationList>(chatKeys.conversations)!;
    expect(state.isInvalidated).toBe(true);
    expect(state.data?.total_unread).toBe(1);
  });

  it('does nothing without a cached list, or when the change changes nothing', () => {
    const queryClient = new QueryClient();
    patchConversationList(queryClient, addUnread);
    expect(queryClient.getQueryState(chatKeys.conversations)).toBeUndefined();
    queryClient.setQueryData(chatKeys.conversations, EMPTY, { updatedAt: 1_000 });
    const updates = queryClient.getQueryState(chatKeys.conversations)!.dataUpdateCount;
    patchConversationList(queryClient, (data) => data);
    expect(queryClient.getQueryState(chatKeys.conversations)!.dataUpdateCount).toBe(updates);
  });
});
