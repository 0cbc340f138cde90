/**
 * Image type detection on real files, on whichever Node runs the suite (CI runs it on Node 20, 22 and 24, decision
 * 038): the four accepted types pass, everything else is undefined — and an archive that makes file-type 21 throw on
 * Node 24 is refused like any other non-image instead of failing the request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import { detectImageType, startsLikeAnImage } from './image-type.js';
import { JPEG, png, zipWithSkewedDescriptor } from './upload-fixtures.js';

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/** A PNG with an animation control chunk before its image data: an APNG, which is not on the list. */
function animatedPng(): Buffer {
  const still = png();
  const actl = Buffer.from('00000008' + Buffer.from('acTL').toString('hex') + '0000000100000000' + '00000000', 'hex');
  const afterHeader = 8 + 25; // signature + IHDR chunk
  return Buffer.concat([still.subarray(0, afterHeader), actl, still.subarray(afterHeader)]);
}

describe('detectImageType', () => {
  let dir: string;
  const write = async (name: string, bytes: Buffer | string) => {
    const file = path.join(dir, name);
    await fs.writeFile(file, bytes);
    return file;
  };

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reef-image-type-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('answers the type of a PNG, JPEG, GIF and WebP from their bytes, whatever the file is called', async () => {
    expect(await detectImageType(await write('a.txt', png()))).toBe('image/png');
    expect(await detectImageType(await write('b.png', JPEG))).toBe('image/jpeg');
    expect(await detectImageType(await write('c.jpg', GIF))).toBe('image/gif');
    expect(await detectImageType(await write('d.gif', WEBP))).toBe('image/webp');
  });

  it('answers undefined for text, SVG, an empty file, a bare PNG signature and an animated PNG', async () => {
    expect(await detectImageType(await write('e.png', '<html><script>alert(1)</script></html>'))).toBeUndefined();
    expect(await detectImageType(await write('f.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(await detectImageType(await write('g.png', ''))).toBeUndefined();
    expect(await detectImageType(await write('h.png', png().subarray(0, 8)))).toBeUndefined();
    expect(await detectImageType(await write('i.png', animatedPng()))).toBeUndefined();
  });

  it('refuses an archive that makes file-type throw on Node 24 without handing it to file-type', async () => {
    const zip = await write('j.png', zipWithSkewedDescriptor());
    // The fixture does reach file-type's inflate: read as an OOXML archive, or the zlib refusal on Node 24+.
    const direct = await fileTypeFromFile(zip).then(
      (type) => type?.ext,
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect(['docx', 'ERR_TRAILING_JUNK_AFTER_STREAM_END']).toContain(direct);
    expect(await detectImageType(zip)).toBeUndefined();
  });
});

describe('startsLikeAnImage', () => {
  it('knows the four signatures and nothing else', () => {
    expect(startsLikeAnImage(png())).toBe(true);
    expect(startsLikeAnImage(JPEG)).toBe(true);
    expect(startsLikeAnImage(GIF)).toBe(true);
    expect(startsLikeAnImage(WEBP)).toBe(true);
    expect(startsLikeAnImage(Buffer.from('RIFF\0\0\0\0WAVE'))).toBe(false);
    expect(startsLikeAnImage(Buffer.from('PK\x03\x04'))).toBe(false);
    expect(startsLikeAnImage(Buffer.from('RIFF'))).toBe(false);
    expect(startsLikeAnImage(Buffer.alloc(0))).toBe(false);
  });
});
