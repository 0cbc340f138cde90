import type { Executor } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import { findUploadByAddress } from '../uploads/uploads.service.js';

/**
 * An image message carries the address POST /api/upload returned to the sender. Only the sender's own
 * uploads count: an address is a content hash, and knowing one must not let anyone post a file as theirs.
 */
export async function assertChatImage(db: Executor, senderId: number, address: string): Promise<void> {
  if (!(await findUploadByAddress(db, address, senderId))) throw new DomainError('CHAT_IMAGE_INVALID');
}
