import { imageAddress } from '../../../lib/image-address';
import { chatApi, type SendMessageBody } from '@reef/contract';

export const EMOJIS = [
  '😀',
  '😂',
  '😊',
  '😍',
  '😎',
  '🤔',
  '😢',
  '😡',
  '👍',
  '👎',
  '👏',
  '🙏',
  '🎉',
  '❤️',
  '🔥',
  '💯',
  '🐠',
  '🐡',
  '🐬',
  '🐳',
  '🦈',
  '🐙',
  '🪸',
  '🌊',
] as const;

/** Why a draft cannot be sent, or null: the same rules as the server's contract. */
export function draftProblem(body: SendMessageBody): 'empty' | 'tooLong' | null {
  if (body.msg_type === 'text' && body.content.trim().length === 0) return 'empty';
  const parsed = chatApi.sendMessageBody.safeParse(body);
  if (parsed.success) return null;
  return body.content.length === 0 ? 'empty' : 'tooLong';
}

/** Whether a message's image address is one of ours (`/uploads/<sha256>.<ext>`): anything else is not loaded. */
export function isUploadAddress(content: string): boolean {
  return imageAddress(content) !== null;
}
