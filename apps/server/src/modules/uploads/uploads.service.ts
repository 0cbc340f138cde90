/**
 * Uploaded images (spec §7 "Upload"; decision 018). A file is streamed to a temporary file while it is hashed,
 * its type is decided from its bytes (`image-type.ts`: png, jpeg, gif or webp — never the name or the client's type),
 * and only then stored as `<sha256>.<ext>`: a half-written file never has a servable name. The bytes go to the upload
 * store (`upload-store.ts`, decision 124): `${DATA_DIR}/uploads/` on one machine, an S3-compatible bucket for nodes
 * without a shared disk.
 * The database records who uploaded which content; other modules ask `findUploadByAddress` whether an address
 * is a real upload and whose it is (recharge vouchers, chat images).
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { uploadsApi, type UploadAddress, type UploadMimeType } from '@reef/contract';
import type { Config } from '../../config.js';
import type { Executor } from '../../db/client.js';
import { DomainError } from '../../core/errors.js';
import * as repo from './uploads.repository.js';
import { detectImageType, isAllowedMime } from './image-type.js';
import { uploadStoreOf, type UploadStore } from './upload-store.js';

const ADDRESS_RE = /^\/uploads\/([0-9a-f]{64})\.(png|jpg|gif|webp)$/;
const NAME_RE = /^([0-9a-f]{64})\.(png|jpg|gif|webp)$/;

export function uploadDirectory(config: Config): string {
  return path.join(config.dataDir, 'uploads');
}

/** Temporary files live beside the final ones so the rename is atomic (same file system). */
function temporaryDirectory(config: Config): string {
  return path.join(uploadDirectory(config), '.incoming');
}

/** One store per configuration: its client (and, for a bucket, its signing key) is made once, not per request. */
const stores = new WeakMap<Config, UploadStore>();
function storeOf(config: Config): UploadStore {
  let store = stores.get(config);
  if (!store) stores.set(config, (store = uploadStoreOf(config)));
  return store;
}

export interface ReceivedFile {
  tempPath: string;
  sha256: string;
  bytes: number;
  /** The stream stopped at the size cap: the file is incomplete and must be refused. */
  truncated: boolean;
}

/**
 * Upload requests per user in a rolling minute (UPLOAD_PER_MINUTE). Counted by the routes at arrival,
 * before the body is read, so every attempt counts — refused ones (too large, not an image) and repeats
 * of bytes already stored alike (decision 037).
 */
export const UPLOAD_WINDOW_MS = 60_000;

/**
 * Writes the stream to a temporary file, hashing it on the way. The multipart parser stops the stream at the
 * size cap and marks it `truncated`, so at most UPLOAD_MAX_BYTES reach the disk.
 */
export async function receive(config: Config, stream: Readable & { truncated?: boolean }): Promise<ReceivedFile> {
  const directory = temporaryDirectory(config);
  await fs.mkdir(directory, { recursive: true });
  const tempPath = path.join(directory, randomUUID());
  const hash = createHash('sha256');
  let bytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(stream, meter, createWriteStream(tempPath, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await fs.rm(tempPath, { force: true });
    throw error;
  }
  return { tempPath, sha256: hash.digest('hex'), bytes, truncated: stream.truncated === true };
}

/** Temporary files older than this were left by a process that stopped mid-upload (no upload takes this long). */
export const STALE_INCOMING_MS = 60 * 60_000;

/**
 * Removes temporary files a crashed process left behind. Only old ones: other processes sharing the directory
 * may be receiving right now. Answers how many were removed.
 */
export async function sweepIncoming(config: Config, now = Date.now()): Promise<number> {
  const directory = temporaryDirectory(config);
  const names = await fs.readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  let removed = 0;
  for (const name of names) {
    const filePath = path.join(directory, name);
    const stat = await fs.stat(filePath).catch(() => null);
    if (stat?.isFile() && now - stat.mtimeMs > STALE_INCOMING_MS) {
      await fs.rm(filePath, { force: true });
      removed++;
    }
  }
  return removed;
}

export async function discard(file: ReceivedFile): Promise<void> {
  await fs.rm(file.tempPath, { force: true });
}

export function addressOf(sha256: string, mime: UploadMimeType): UploadAddress {
  return `/uploads/${sha256}.${uploadsApi.UPLOAD_EXTENSIONS[mime]}`;
}

/** Checks the received file, moves it to its content address and records the owner; answers the address. */
export async function commit(db: Executor, config: Config, ownerId: number, file: ReceivedFile): Promise<UploadAddress> {
  try {
    if (file.truncated) throw new DomainError('UPLOAD_TOO_LARGE', { max_bytes: config.uploadMaxBytes });
    const mime = file.bytes > 0 ? await detectImageType(file.tempPath) : undefined;
    if (!mime) throw new DomainError('UPLOAD_NOT_IMAGE');
    const address = addressOf(file.sha256, mime);
    // Same bytes, same name: replacing an existing object with identical content is harmless; the store's write is
    // atomic (a rename, or one PUT). Stored before the row naming it, so a row never names missing bytes.
    await storeOf(config).put(path.basename(address), file.tempPath, mime);
    await repo.recordUpload(db, { ownerId, sha256: file.sha256, mime, bytes: file.bytes });
    return address;
  } finally {
    await discard(file);
  }
}

export interface UploadRecord {
  ownerId: number;
  sha256: string;
  mime: UploadMimeType;
  bytes: number;
}

/**
 * Whether `address` names an upload and, when `ownerId` is given, one that user uploaded. Null for anything
 * else: a malformed address, unknown content, an extension that does not match the content, someone else's file.
 */
export async function findUploadByAddress(db: Executor, address: string, ownerId?: number): Promise<UploadRecord | null> {
  const match = ADDRESS_RE.exec(address);
  if (!match) return null;
  const [, sha256, ext] = match as unknown as [string, string, string];
  const row = ownerId === undefined ? await repo.findBySha256(db, sha256) : await repo.findOwned(db, ownerId, sha256);
  if (!row || !isAllowedMime(row.mime) || uploadsApi.UPLOAD_EXTENSIONS[row.mime] !== ext) return null;
  return { ownerId: row.ownerId, sha256: row.sha256, mime: row.mime, bytes: row.bytes };
}

/**
 * The upload at `address` becomes a recharge voucher: readable from now on by its owner and operators
 * only (decision 037). Called before the voucher is recorded, so a submitted voucher is never public.
 */
export async function restrictToOwner(db: Executor, address: string, ownerId: number): Promise<void> {
  const match = ADDRESS_RE.exec(address);
  if (match) await repo.restrictToOwner(db, ownerId, match[1]!);
}

export interface StoredFile {
  mime: UploadMimeType;
  bytes: number;
  sha256: string;
  /** Served to its owner or an operator only: not to be kept by shared caches. */
  restricted: boolean;
  open(): Readable;
}

/** Who asks for a file: null when the request carries no valid sign-in. */
export interface UploadViewer {
  id: number;
  operator: boolean;
}

/**
 * The file behind `GET /uploads/:name`, or null (strict name check first: nothing else reaches the disk).
 * Content some row leaves public is served to anyone with the address; content every uploader restricted
 * (a voucher) only to one of them or an operator. Anyone else gets null, the same as for an unknown
 * name, so the answer does not tell that the voucher exists.
 */
export async function openStoredFile(db: Executor, config: Config, name: string, viewer: UploadViewer | null): Promise<StoredFile | null> {
  const match = NAME_RE.exec(name);
  if (!match) return null;
  const [, sha256, ext] = match as unknown as [string, string, string];
  const rows = (await repo.findAllBySha256(db, sha256)).filter((row) => isAllowedMime(row.mime) && uploadsApi.UPLOAD_EXTENSIONS[row.mime] === ext);
  const first = rows[0];
  if (!first || !isAllowedMime(first.mime)) return null;
  const restricted = rows.every((row) => row.ownerOnly);
  if (restricted && !(viewer && (viewer.operator || rows.some((row) => row.ownerId === viewer.id)))) return null;
  const stored = await storeOf(config).get(name);
  if (!stored) return null;
  return { mime: first.mime, bytes: stored.bytes, sha256, restricted, open: stored.open };
}
