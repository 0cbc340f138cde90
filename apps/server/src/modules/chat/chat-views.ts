/**
 * Rows to contract shapes. A conversation is keyed from the reader's side (decision 022): a direct chat by
 * the other user's uid, a group by its id, a desk conversation by its customer's uid for everyone.
 */
import { getAddress } from 'viem';
import type { ChatMessage, ChatPeer, ConversationRef, MessageSender } from '@reef/contract';
import { maskAddress } from '../users/users.service.js';
import type { ConversationRow, MessageWithSender, PeerRow } from './chat.repository.js';

export function peerView(row: PeerRow): ChatPeer {
  return { uid: row.id, nickname: row.nickname, address: maskAddress(getAddress(row.account)), avatar: row.avatar };
}

/**
 * An agent as a desk's readers see them: never the wallet; the customer gets the nickname only (the desk
 * speaks, not a staff member's own account, so not their picture either), other agents also the uid and picture.
 */
export function agentView(row: PeerRow, readerId: number, customerId: number): MessageSender {
  const customer = readerId === customerId;
  return { uid: customer ? null : row.id, nickname: row.nickname, address: '', avatar: customer ? null : row.avatar };
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
    from: fromService ? agentView(message.sender, readerId, conversation.customerId!) : peerView(message.sender),
    from_type: fromService ? 'service' : 'user',
    msg_type: message.msgType as ChatMessage['msg_type'],
    content: message.content,
    created_at: message.createdAt.toISOString(),
  };
}
