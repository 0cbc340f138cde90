/**
 * Share content (spec §3, §7 GET /api/share; decision 066): title, image and synopsis of a shared invitation,
 * set by operators per language. A reader gets its own language's, else zh-tw's (the default the migration seeds).
 * Every operator change is a `share.content_set` event with the row before and after, in the change's transaction.
 */
import { DEFAULT_LANGUAGE, type LanguageCode, type ShareContent } from '@reef/contract';
import * as clock from '../../core/clock.js';
import { DomainError } from '../../core/errors.js';
import type { Database, Transaction } from '../../db/client.js';
import { recordEvent } from '../events/events.service.js';
import { findUploadByAddress } from '../uploads/uploads.service.js';
import * as repo from './share.repository.js';

function contentOf(row: repo.ShareRow): ShareContent {
  return { title: row.title, img: row.img as ShareContent['img'], synopsis: row.synopsis, language: row.language as LanguageCode };
}

function adminView(row: repo.ShareRow) {
  return { ...contentOf(row), updated_by: row.updatedBy, updated_at: row.updatedAt.toISOString() };
}

function auditShape(row: repo.ShareRow | null) {
  return row ? { title: row.title, img: row.img, synopsis: row.synopsis } : null;
}

export async function shareFor(db: Database, language: LanguageCode): Promise<ShareContent> {
  const rows = await repo.findContents(db, [language, DEFAULT_LANGUAGE]);
  const row = rows.find((r) => r.language === language) ?? rows.find((r) => r.language === DEFAULT_LANGUAGE);
  // The migration seeds zh-tw and clearing it is refused, so only a hand-edited database lacks it.
  if (!row) throw new DomainError('NOT_FOUND');
  return contentOf(row);
}

export async function listForOperators(db: Database) {
  return { list: (await repo.listContents(db)).map(adminView) };
}

export async function setContent(db: Database, operatorId: number, language: LanguageCode, input: { title: string; img: string | null; synopsis: string }) {
  // Only the operator's own upload: another user's file may be a recharge voucher, served to its owner only.
  if (input.img !== null && !(await findUploadByAddress(db, input.img, operatorId))) throw new DomainError('SHARE_IMAGE_INVALID');
  return db.transaction(async (tx) => {
    const before = await repo.lockContent(tx, language);
    const after = await repo.upsertContent(tx, { language, ...input, updatedBy: operatorId, updatedAt: clock.now() });
    await recordEvent(tx as Transaction, { type: 'share.content_set', user_id: operatorId, language, before: auditShape(before), after: auditShape(after) });
    return adminView(after);
  });
}

export async function clearContent(db: Database, operatorId: number, language: LanguageCode) {
  if (language === DEFAULT_LANGUAGE) throw new DomainError('SHARE_DEFAULT_REQUIRED');
  return db.transaction(async (tx) => {
    const before = await repo.lockContent(tx, language);
    if (before) {
      await repo.deleteContent(tx, language);
      await recordEvent(tx as Transaction, { type: 'share.content_set', user_id: operatorId, language, before: auditShape(before), after: null });
    }
    return { language };
  });
}
