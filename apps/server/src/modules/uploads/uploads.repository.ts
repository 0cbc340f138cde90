import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { uploads } from '../../db/schema/index.js';
import * as clock from '../../core/clock.js';

export type UploadRow = typeof uploads.$inferSelect;

/** Records that `ownerId` uploaded this content; a repeat of the same bytes by the same user is one row. */
export async function recordUpload(db: Executor, values: { ownerId: number; sha256: string; mime: string; bytes: number }): Promise<void> {
  await db
    .insert(uploads)
    .values({ createdAt: clock.now(), ...values })
    .onConflictDoNothing({ target: [uploads.ownerId, uploads.sha256] });
}

/** Any row for this content: every owner's row has the same type and size, since the type comes from the bytes. */
export async function findBySha256(db: Executor, sha256: string): Promise<UploadRow | undefined> {
  const rows = await db.select().from(uploads).where(eq(uploads.sha256, sha256)).limit(1);
  return rows[0];
}

export async function findOwned(db: Executor, ownerId: number, sha256: string): Promise<UploadRow | undefined> {
  const rows = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), eq(uploads.sha256, sha256)));
  return rows[0];
}

/** Makes this user's upload of this content readable by its owner and operators only. */
export async function restrictToOwner(db: Executor, ownerId: number, sha256: string): Promise<void> {
  await db
    .update(uploads)
    .set({ ownerOnly: true })
    .where(and(eq(uploads.ownerId, ownerId), eq(uploads.sha256, sha256)));
}

/** Every row for this content: who uploaded it and whether each of them restricted it. */
export async function findAllBySha256(db: Executor, sha256: string): Promise<UploadRow[]> {
  return db.select().from(uploads).where(eq(uploads.sha256, sha256));
}
