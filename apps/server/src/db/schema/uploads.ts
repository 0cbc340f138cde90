import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt } from './columns.js';
import { userRef } from './users.js';

/**
 * Images users uploaded (spec §7 "Upload"). The bytes live on disk under `${DATA_DIR}/uploads/<sha256>.<ext>`;
 * this row records who sent them. Files are content-addressed, so two users sending the same bytes share one
 * file but each get their own row: ownership is per (owner, sha256), which is what vouchers and chat images check.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: bigId(),
    ownerId: userRef('owner_id'),
    /** Lower-case hex SHA-256 of the content: the file's name on disk. */
    sha256: text('sha256').notNull(),
    /** Decided from the content (png, jpeg, gif or webp), never from the client. */
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    /**
     * Set when the upload becomes a recharge voucher: from then on GET /uploads/:name serves it to its
     * owner and operators only (decision 037). Other uploads (chat images) stay readable by address.
     */
    ownerOnly: boolean('owner_only').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('uploads_owner_sha256_key').on(t.ownerId, t.sha256),
    // Serving a file looks it up by content hash alone.
    index('uploads_sha256_idx').on(t.sha256),
    check('uploads_sha256_format', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check('uploads_mime', sql`${t.mime} in ('image/png', 'image/jpeg', 'image/gif', 'image/webp')`),
    check('uploads_bytes_positive', sql`${t.bytes} > 0`),
  ],
);
