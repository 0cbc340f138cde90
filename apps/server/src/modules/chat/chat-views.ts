/**
 * Rows to contract shapes. A conversation is keyed from the reader's side (decision 022): a direct chat by
 * the other user's uid, a group by its id, a desk conversation by its customer's uid for everyone.
 */
import { getAddress } from 'viem';
import type { ChatMessage, ChatPeer, ConversationRef } from '@reef/contract';
import { maskAddress } from '../users/users.service.js';
import type { ConversationRow, MessageWithSender, PeerRow } from './chat.repository.js';

export function peerView(row: PeerRow): ChatPeer {
  return { uid: row.id, nickname: row.nickname, address: maskAddress(getAddress(row.account)) };
}

/** An agent as customers see them: the nickname only, never the wallet (the desk speaks, not a person's account). */
export function agentView(row: PeerRow): ChatPeer {
  return { uid: row.id, nickname: row.nickname, address: '' };
}

export function refFor(conversation: ConversationRow, readerId: number): ConversationRef {
  switch (conversation.kind) {
    case 'direct':
      return { type: 'user', id: conversation.userLow === readerId ? conversation.userHigh! : conversation.userLow! };
    case 'group':
      return { type: 'group', id: conversation.groupId! };
    default:
      return { type: 'service', id: conversation.customerId! };
  }
}

export function messageView(message: MessageWithSender, conversation: ConversationRow, readerId: number): ChatMessage {
  const fromService = message.senderType === 'service';
  return {
    id: message.id,
    client_id: message.clientId,
    conversation: refFor(conversation, readerId),
    from: fromService ? agentView(message.sender) : peerView(message.sender),
    from_type: fromService ? 'service' : 'user',
    msg_type: message.msgType as ChatMessage['msg_type'],
    content: message.content,
    created_at: message.createdAt.toISOString(),
  };
}
