import * as z from 'zod/mini';
import { endpoint } from '../common.js';

/** The multipart field that carries the file (spec §7: "a file field named file, one file at a time"). */
export const UPLOAD_FIELD = 'file';

/** What an upload may be, decided from the file's content (never its name or the client's type). */
export const UPLOAD_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type UploadMimeType = (typeof UPLOAD_MIME_TYPES)[number];

/** The extension a stored file gets for each type. */
export const UPLOAD_EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' } as const satisfies Record<
  UploadMimeType,
  string
>;

/**
 * A stored file's address: `/uploads/<sha256 of the content>.<ext>`, served by `GET /uploads/:name`.
 * Content-addressed, so the same bytes always have the same address.
 */
export const uploadAddress = z.string().check(z.regex(/^\/uploads\/[0-9a-f]{64}\.(png|jpg|gif|webp)$/));
export type UploadAddress = z.infer<typeof uploadAddress>;

/**
 * Stores one image sent as `multipart/form-data` with the field `file` (no other fields or files); the answer's
 * `data` is its address. Refusals: UPLOAD_NOT_IMAGE (content is not png/jpeg/gif/webp), UPLOAD_TOO_LARGE (over
 * the configured cap, UPLOAD_MAX_BYTES), PARAMETER_ERROR (not multipart, no `file`, another field, two files).
 * The body is multipart, so clients send a FormData rather than JSON; there is no `body` schema here.
 */
export const upload = endpoint('POST /api/upload', 'user', { response: uploadAddress });
