/**
 * The type of an uploaded file, from its bytes: one of the four accepted image types or undefined (decision 038).
 *
 * file-type decides, but only for a file that already starts like a PNG, JPEG, GIF or WebP. Everything else is
 * refused before it reaches the library, so its archive and media parsers (ZIP inflate, EBML, …) never read an
 * upload. That is why pinning file-type to 21.x (the last line whose engines include Node 20) costs nothing here:
 * the hardening of those parsers that went into 22.x is for inputs this gate refuses. It also keeps a malformed
 * archive from being a 500 on one Node and a refusal on another (21.x on Node 24 throws on a ZIP entry with trailing
 * bytes after its deflate stream; older Nodes ignored them).
 */
import fs from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { UPLOAD_MIME_TYPES, type UploadMimeType } from '@reef/contract';

/** Each accepted format's signature: bytes at an offset (the WebP one is a RIFF container naming WEBP). */
const SIGNATURES: ReadonlyArray<ReadonlyArray<{ offset: number; bytes: Buffer }>> = [
  [{ offset: 0, bytes: Buffer.from('89504e470d0a1a0a', 'hex') }],
  [{ offset: 0, bytes: Buffer.from('ffd8ff', 'hex') }],
  [{ offset: 0, bytes: Buffer.from('GIF8', 'latin1') }],
  [
    { offset: 0, bytes: Buffer.from('RIFF', 'latin1') },
    { offset: 8, bytes: Buffer.from('WEBP', 'latin1') },
  ],
];
const HEAD_BYTES = 12;

export function startsLikeAnImage(head: Uint8Array): boolean {
  const buffer = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  return SIGNATURES.some((parts) =>
    parts.every(({ offset, bytes }) => buffer.length >= offset + bytes.length && buffer.subarray(offset, offset + bytes.length).equals(bytes)),
  );
}

async function readHead(filePath: string): Promise<Buffer> {
  const file = await fs.open(filePath, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

export function isAllowedMime(mime: string | undefined): mime is UploadMimeType {
  return (UPLOAD_MIME_TYPES as readonly string[]).includes(mime ?? '');
}

/** The accepted image type of the file at `filePath`, or undefined for anything else (an animated PNG included). */
export async function detectImageType(filePath: string): Promise<UploadMimeType | undefined> {
  if (!startsLikeAnImage(await readHead(filePath))) return undefined;
  const detected = await fileTypeFromFile(filePath);
  return isAllowedMime(detected?.mime) ? detected.mime : undefined;
}
