import type { QueryClient } from '@tanstack/react-query';
import { startChatSocket } from '../socket';
import { getSession, subscribeSession } from '../../../lib/session';
import { chatKeys } from '../api/keys';
import { syncMessages } from '../api/sync-messages';
import { catchUp } from './catch-up';
import { newestId } from './message-cache';
import { mergeMessages } from './merge-messages';
import { openConversation } from './open-conversation';
import { patchConversationList } from './patch-conversation-list';

let started = false;

/**
 * Feeds socket frames into the query caches, once per page load. The catch-up cursor comes only from the
 * server's sync answers (and the first `ready`): after every `ready` but the first, GET /api/chat/sync
 * fetches what was stored since, and the merge (by message id) leaves nothing doubled. A frame's id does
 * not move the cursor: a message in another conversation may still commit below it, and its frame may be
 * the one lost with the connection (decision 035).
 */
export function startChatLive(queryClient: QueryClient): void {
  if (started) return;
  started = true;
  const socket = startChatSocket();
  let lastSeen: number | null = null;
  let token = getSession().token;

  subscribeSession(() => {
    if (getSession().token === token) return;
    token = getSession().token;
    // Another user's cursor means nothing to this one; their first `ready` starts afresh.
    lastSeen = null;
  });

  const merge = (messages: Parameters<typeof mergeMessages>[1]) => mergeMessages(queryClient, messages, socket.getUid());
  const mergeSynced = (messages: Parameters<typeof mergeMessages>[1]) => {
    lastSeen = newestId(lastSeen, messages);
    merge(messages);
  };

  socket.on('chat', (message) => {
    merge([message]);
    // The server pushes `unread` only after read marks, so a message from someone else refreshes the
    // exact total — unless its conversation is on screen, whose read mark answers with the total itself.
    const open = openConversation();
    const onScreen = open !== null && open.type === message.conversation.type && open.id === message.conversation.id;
    if (message.from.uid !== socket.getUid() && !onScreen) void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
  });
  socket.on('ack', ({ message }) => merge([message]));

  socket.on('unread', ({ total }) => {
    queryClient.setQueryData(chatKeys.unread, { total });
    patchConversationList(queryClient, (data) => (data.total_unread === total ? data : { ...data, total_unread: total }));
  });

  socket.on('read', ({ reader }) => {
    // The user read on another device: the counts there are the server's to tell.
    if (reader === socket.getUid()) void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
  });

  socket.on('friend_request', () => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.requests });
    void queryClient.invalidateQueries({ queryKey: chatKeys.friends });
    void queryClient.invalidateQueries({ queryKey: ['chat', 'search'] });
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
  });

  socket.on('group_event', ({ group_id }) => {
    // Refetched rather than dropped: a page showing a disbanded group (or one the user was removed
    // from) then gets the server's refusal and says so.
    void queryClient.invalidateQueries({ queryKey: chatKeys.group(group_id) });
    void queryClient.invalidateQueries({ queryKey: chatKeys.groups, exact: true });
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
  });

  socket.on('ready', ({ last_message_id }) => {
    const cursor = lastSeen;
    if (cursor === null) {
      // First connection of this session: anything cached may predate it, so reread what is on screen.
      lastSeen = last_message_id;
      void queryClient.invalidateQueries({ queryKey: chatKeys.all });
      return;
    }
    void catchUp((after) => syncMessages(after), cursor, mergeSynced)
      .catch(() => {
        // Sync failed (network again): reread what is on screen instead; the next ready retries.
        void queryClient.invalidateQueries({ queryKey: chatKeys.messagesRoot });
      })
      .finally(() => {
        // Frames other than messages (requests, group events, counts) may have been missed too.
        for (const queryKey of [chatKeys.conversations, chatKeys.unread, chatKeys.requests, chatKeys.groups, chatKeys.service, chatKeys.friends]) {
          void queryClient.invalidateQueries({ queryKey });
        }
      });
  });
}
