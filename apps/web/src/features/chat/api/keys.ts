import type { ConversationRef } from '@reef/contract';

/** Every chat query lives under ['chat'], so a sign-out's removeQueries and a reconnect's refresh reach all of them. */
export const chatKeys = {
  all: ['chat'] as const,
  conversations: ['chat', 'conversations'] as const,
  unread: ['chat', 'unread'] as const,
  messagesRoot: ['chat', 'messages'] as const,
  messages: (ref: ConversationRef) => ['chat', 'messages', ref.type, ref.id] as const,
  friends: ['chat', 'friends'] as const,
  friend: (uid: number) => ['chat', 'friends', uid] as const,
  requests: ['chat', 'friend-requests'] as const,
  groups: ['chat', 'groups'] as const,
  group: (id: number) => ['chat', 'groups', id] as const,
  search: (q: string) => ['chat', 'search', q] as const,
  service: ['chat', 'service'] as const,
  myService: ['chat', 'service', 'mine'] as const,
  inbox: ['chat', 'service', 'inbox'] as const,
};
