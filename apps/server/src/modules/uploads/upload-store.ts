/**
 * Where the bytes of uploads live (issue 27, decision 124). One machine: the data directory
 * (`${DATA_DIR}/uploads/<sha256>.<ext>`), nothing to configure. Several nodes without a shared disk: an S3-compatible
 * bucket (`UPLOAD_S3_*`), every node reading and writing the same objects. The database still records who uploaded
 * what and who may read it (uploads.repository); the store only keeps bytes under their content-addressed names, so
 * writing a name twice writes the same bytes and a reader never sees a half-written file.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { UploadMimeType } from '@reef/contract';
import type { Config } from '../../config.js';

export interface StoredObject {
  bytes: number;
  open(): Readable;
}

export interface UploadStore {
  readonly kind: 'directory' | 's3';
  /** Moves the finished temporary file to `name` (content-addressed: the same name always holds the same bytes). */
  put(name: string, tempPath: string, mime: UploadMimeType): Promise<void>;
  /** The object under `name`, or null when there is none. */
  get(name: string): Promise<StoredObject | null>;
}

/** The single-machine default: files in `directory`, put in place by an atomic rename from beside them. */
export function directoryStore(directory: string): UploadStore {
  return {
    kind: 'directory',
    async put(name, tempPath) {
      await fs.rename(tempPath, path.join(directory, name));
    },
    async get(name) {
      const filePath = path.join(directory, name);
      const stat = await fs.stat(filePath).catch(() => null);
      if (!stat?.isFile()) return null;
      return { bytes: stat.size, open: () => createReadStream(filePath) };
    },
  };
}

export interface S3Options {
  /** The service's origin, e.g. `https://s3.eu-central-1.amazonaws.com` or a MinIO/R2/Garage endpoint. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Key prefix inside the bucket (`uploads/`), so one bucket can hold other things too. */
  prefix: string;
}

/** A request to the object store that failed for another reason than "no such object". */
export class UploadStoreError extends Error {}

/**
 * An S3-compatible bucket, path-style (`<endpoint>/<bucket>/<key>`, which every S3-compatible service accepts), every
 * request signed with AWS Signature V4 by aws4fetch (a few kilobytes over `fetch`; the AWS SDK would bring megabytes
 * for two calls). Uploads are at most UPLOAD_MAX_BYTES (5 MB by default), so a put sends the file in one request.
 */
export function s3Store(options: S3Options): UploadStore {
  // Two more tries for a 5xx or a 429 (aws4fetch's default is ten, backing off for most of a minute: too long for a
  // request a user waits on).
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: 's3',
    region: options.region,
    retries: 2,
  });
  const base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}/${options.prefix}`;
  return {
    kind: 's3',
    async put(name, tempPath, mime) {
      const body = await fs.readFile(tempPath);
      const response = await client.fetch(`${base}${name}`, {
        method: 'PUT',
        body,
        headers: {
          'content-type': mime,
          'content-length': String(body.length),
          // The payload's hash, signed: the service refuses bytes that changed on the way (aws4fetch would send
          // UNSIGNED-PAYLOAD).
          'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'),
        },
      });
      if (!response.ok) throw new UploadStoreError(`the object store refused ${name}: HTTP ${response.status} ${await response.text()}`);
      await response.arrayBuffer().catch(() => undefined);
    },
    async get(name) {
      const response = await client.fetch(`${base}${name}`);
      if (response.status === 404) {
        await response.arrayBuffer().catch(() => undefined);
        return null;
      }
      if (!response.ok || !response.body) throw new UploadStoreError(`the object store could not read ${name}: HTTP ${response.status}`);
      const bytes = Number(response.headers.get('content-length'));
      if (!Number.isSafeInteger(bytes)) throw new UploadStoreError(`the object store sent ${name} without its length`);
      const body = response.body as unknown as WebReadableStream<Uint8Array>;
      return { bytes, open: () => Readable.fromWeb(body) };
    },
  };
}

/** The store the configuration names: the bucket when UPLOAD_S3_BUCKET is set, else the data directory. */
export function uploadStoreOf(config: Config): UploadStore {
  const s3 = config.uploadS3;
  return s3 ? s3Store(s3) : directoryStore(path.join(config.dataDir, 'uploads'));
}
