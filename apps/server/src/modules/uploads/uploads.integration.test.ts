/**
 * POST /api/upload and GET /uploads/:name on the real app and each database, storing into a throwaway
 * DATA_DIR: only images pass (decided by content), the size cap holds while streaming, exactly one part named
 * `file` is accepted, and what is served back is the same bytes with headers that keep a browser from running it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { createTestApp, databaseKinds, type SignedInUser, type TestApp } from '../../test/harness.js';
import { findUploadByAddress, STALE_INCOMING_MS } from './uploads.service.js';
import { JPEG, multipart, png, type Part } from './upload-fixtures.js';

const filePart = (data: Buffer | string, filename = 'photo.png', contentType = 'image/png'): Part => ({ name: 'file', filename, contentType, data });

describe.each(databaseKinds)('uploads on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let alice: SignedInUser;
  let bob: SignedInUser;
  const MAX = 4096;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'reef-uploads-'));
    t = await createTestApp(kind, { DATA_DIR: dataDir, UPLOAD_MAX_BYTES: String(MAX), UPLOAD_PER_MINUTE: '1000' });
    alice = await t.signIn();
    bob = await t.signIn();
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const upload = (user: SignedInUser | null, parts: Part[], headers: Record<string, string> = {}) => {
    const { payload, contentType } = multipart(parts);
    return t.call({ method: 'POST', url: '/api/upload', token: user?.token, payload, headers: { 'content-type': contentType, ...headers } });
  };
  const serve = (url: string) => t.app.inject({ method: 'GET', url });
  const storedFiles = async () => (await fs.readdir(path.join(dataDir, 'uploads')).catch(() => [])).filter((name) => !name.startsWith('.'));
  const incoming = async () => fs.readdir(path.join(dataDir, 'uploads', '.incoming')).catch(() => []);
  /** Every refusal leaves the disk and the table as they were. */
  const expectNothingStored = async (before: string[]) => {
    expect(await storedFiles()).toEqual(before);
    expect(await incoming()).toEqual([]);
  };

  it('stores a PNG under its content hash and serves the same bytes back with safe headers', async () => {
    const image = png();
    const sha = createHash('sha256').update(image).digest('hex');
    const res = await upload(alice, [filePart(image, 'holiday.exe', 'application/octet-stream')]);
    expect(res.status).toBe(200);
    expect(res.data).toBe(`/uploads/${sha}.png`);
    expect(await fs.readFile(path.join(dataDir, 'uploads', `${sha}.png`))).toEqual(image);

    const served = await serve(res.data);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(image);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(image.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; img-src 'self'; sandbox",
      'content-disposition': 'inline',
      'cache-control': 'public, max-age=31536000, immutable',
    });

    expect(await findUploadByAddress(t.database.db, res.data, alice.uid)).toEqual({ ownerId: alice.uid, sha256: sha, mime: 'image/png', bytes: image.length });
    expect(await findUploadByAddress(t.database.db, res.data, bob.uid)).toBeNull();
    expect(await findUploadByAddress(t.database.db, `/uploads/${sha}.jpg`)).toBeNull();
    expect(await findUploadByAddress(t.database.db, `/uploads/${'0'.repeat(64)}.png`)).toBeNull();
    expect(await findUploadByAddress(t.database.db, '/uploads/../x.png')).toBeNull();
  });

  it('stores a JPEG with the type read from its bytes, whatever the name says', async () => {
    const sha = createHash('sha256').update(JPEG).digest('hex');
    const res = await upload(bob, [filePart(JPEG, 'picture.png', 'image/png')]);
    expect(res.data).toBe(`/uploads/${sha}.jpg`);
    const served = await serve(res.data);
    expect(served.rawPayload).toEqual(JPEG);
    expect(served.headers['content-type']).toBe('image/jpeg');
    // The same name with another extension is not this file.
    expect((await serve(`/uploads/${sha}.png`)).statusCode).toBe(404);
  });

  it('the same bytes from two users share one file, and each of them owns it', async () => {
    const image = png();
    const first = await upload(alice, [filePart(image)]);
    const again = await upload(alice, [filePart(image)]);
    const other = await upload(bob, [filePart(image)]);
    expect(new Set([first.data, again.data, other.data]).size).toBe(1);
    expect((await findUploadByAddress(t.database.db, first.data, alice.uid))?.ownerId).toBe(alice.uid);
    expect((await findUploadByAddress(t.database.db, first.data, bob.uid))?.ownerId).toBe(bob.uid);
  });

  it('refuses a text file named .png and stores nothing, with a localized message', async () => {
    const before = await storedFiles();
    const res = await upload(alice, [filePart('<html><script>alert(1)</script></html>', 'evil.png', 'image/png')], { 'accept-language': 'en-us' });
    expect(res.data).toEqual({ code: 'UPLOAD_NOT_IMAGE' });
    expect(res.msg).toBe('Only PNG, JPEG, GIF or WebP images can be uploaded');
    const zh = await upload(alice, [filePart('%PDF-1.4 not an image', 'doc.png', 'image/png')], { 'accept-language': 'zh-cn' });
    expect(zh.msg).toBe('仅可上传 PNG、JPEG、GIF 或 WebP 图片');
    expect((await upload(alice, [filePart(Buffer.alloc(0))])).data).toEqual({ code: 'UPLOAD_NOT_IMAGE' });
    // An SVG is text that browsers run: not on the list.
    expect((await upload(alice, [filePart('<svg xmlns="http://www.w3.org/2000/svg"/>', 'x.svg', 'image/svg+xml')])).data.code).toBe('UPLOAD_NOT_IMAGE');
    await expectNothingStored(before);
  });

  it('refuses a file over UPLOAD_MAX_BYTES while streaming and stores nothing', async () => {
    const before = await storedFiles();
    const big = png(64);
    expect(big.length).toBeGreaterThan(MAX);
    const res = await upload(alice, [filePart(big)], { 'accept-language': 'en-us' });
    expect(res.data.code).toBe('UPLOAD_TOO_LARGE');
    expect(res.msg).toBe('The file is too large');
    await expectNothingStored(before);
    // Exactly at the cap is fine.
    const small = png();
    const padded = Buffer.concat([small, Buffer.alloc(MAX - small.length)]);
    expect(padded.length).toBe(MAX);
    expect((await upload(alice, [filePart(padded)])).status).toBe(200);
  });

  it('accepts exactly one part named file: two files, another field, a wrong name or no file are refused', async () => {
    const before = await storedFiles();
    const cases: Part[][] = [
      [filePart(png()), filePart(png())],
      [filePart(png()), { name: 'note', data: 'hello' }],
      [{ name: 'note', data: 'hello' }, filePart(png())],
      [{ name: 'image', filename: 'a.png', contentType: 'image/png', data: png() }],
      [{ name: 'file', data: 'not a file part' }],
      [],
    ];
    for (const parts of cases) {
      const res = await upload(alice, parts);
      expect(res.data, JSON.stringify(parts.map((p) => p.name))).toEqual({ code: 'PARAMETER_ERROR' });
    }
    const json = await t.call({ method: 'POST', url: '/api/upload', token: alice.token, payload: { file: 'x' } });
    expect(json.data).toEqual({ code: 'PARAMETER_ERROR' });
    const malformed = await t.call({
      method: 'POST',
      url: '/api/upload',
      token: alice.token,
      payload: Buffer.from('--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nPNG'),
      headers: { 'content-type': 'multipart/form-data; boundary=abc' },
    });
    expect(malformed.data).toEqual({ code: 'PARAMETER_ERROR' });
    await expectNothingStored(before);
  });

  it('refuses callers without a valid token', async () => {
    const before = await storedFiles();
    expect((await upload(null, [filePart(png())])).http).toBe(401);
    const bad = await upload({ ...alice, token: 'not-a-token' }, [filePart(png())]);
    expect(bad.http).toBe(401);
    await expectNothingStored(before);
  });

  it('serves only well-formed names of recorded uploads: traversal and unknown names are 404', async () => {
    const stored = await upload(alice, [filePart(png())]);
    const sha = stored.data.slice('/uploads/'.length, -'.png'.length);
    await fs.writeFile(path.join(dataDir, 'secret.txt'), 'do not serve');
    for (const url of [
      '/uploads/..%2Fsecret.txt',
      '/uploads/%2e%2e%2fsecret.txt',
      '/uploads/../secret.txt',
      '/uploads/.incoming',
      `/uploads/${sha.toUpperCase()}.png`,
      `/uploads/${sha}.PNG`,
      `/uploads/${sha}.png.txt`,
      `/uploads/${sha}`,
      `/uploads/${'f'.repeat(64)}.png`,
      `/uploads/${sha}.png%00.txt`,
    ]) {
      const res = await serve(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('do not serve');
    }
  });

  it('at start, removes unfinished uploads an earlier process left behind, keeping recent ones', async () => {
    const directory = path.join(dataDir, 'uploads', '.incoming');
    await fs.mkdir(directory, { recursive: true });
    const stale = path.join(directory, 'left-by-a-crash');
    const fresh = path.join(directory, 'being-received');
    await fs.writeFile(stale, 'partial');
    await fs.writeFile(fresh, 'partial');
    const old = new Date(Date.now() - STALE_INCOMING_MS - 60_000);
    await fs.utimes(stale, old, old);
    const restarted = await createTestApp(kind, { DATA_DIR: dataDir });
    try {
      await restarted.app.ready();
      expect(await incoming()).toEqual(['being-received']);
    } finally {
      await restarted.close();
      await fs.rm(fresh, { force: true });
    }
  });

  it('limits new uploads per user per minute', async () => {
    const limited = await createTestApp(kind, { DATA_DIR: dataDir, UPLOAD_MAX_BYTES: String(MAX), UPLOAD_PER_MINUTE: '3' });
    try {
      const user = await limited.signIn();
      const send = () => {
        const { payload, contentType } = multipart([filePart(png())]);
        return limited.call({ method: 'POST', url: '/api/upload', token: user.token, payload, headers: { 'content-type': contentType } });
      };
      for (let i = 0; i < 3; i++) expect((await send()).status).toBe(200);
      expect((await send()).data).toEqual({ code: 'TOO_FREQUENT' });
      // Another user has their own budget.
      const other = await limited.signIn();
      const { payload, contentType } = multipart([filePart(png())]);
      expect((await limited.call({ method: 'POST', url: '/api/upload', token: other.token, payload, headers: { 'content-type': contentType } })).status).toBe(
        200,
      );
    } finally {
      await limited.close();
    }
  });

  describe('issue 9 §3: the limit counts requests, not stored files (decision 037)', () => {
    let limited: TestApp;
    // The default UPLOAD_PER_MINUTE (30), with the small size cap of this suite.
    beforeAll(async () => {
      limited = await createTestApp(kind, { DATA_DIR: dataDir, UPLOAD_MAX_BYTES: String(MAX) });
    });
    afterAll(async () => limited?.close());
    const sendAs = (user: SignedInUser, data: Buffer) => {
      const { payload, contentType } = multipart([filePart(data)]);
      return limited.call({ method: 'POST', url: '/api/upload', token: user.token, payload, headers: { 'content-type': contentType } });
    };

    it('refuses the same bytes sent 60 times once the 30 a minute are used', async () => {
      const user = await limited.signIn();
      const same = png();
      const answers = [];
      for (let i = 0; i < 60; i++) answers.push(await sendAs(user, same));
      expect(answers.slice(0, 30).every((a) => a.status === 200)).toBe(true);
      for (const refused of answers.slice(30)) expect(refused.data).toEqual({ code: 'TOO_FREQUENT' });
    });

    it('counts refused oversize streams: after 30 of them even a small image waits', async () => {
      const user = await limited.signIn();
      const oversize = Buffer.concat([png(), Buffer.alloc(MAX * 2, 1)]);
      const answers = [];
      for (let i = 0; i < 30; i++) answers.push(await sendAs(user, oversize));
      for (const refused of answers) expect(refused.data).toMatchObject({ code: 'UPLOAD_TOO_LARGE' });
      expect((await sendAs(user, png())).data).toEqual({ code: 'TOO_FREQUENT' });
      // Another user has their own allowance.
      expect((await sendAs(await limited.signIn(), png())).status).toBe(200);
    });
  });

  describe('issue 9 §3: a recharge voucher is served to its owner and operators only (decision 037)', () => {
    const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

    it('answers 404 to anyone else, signed in or not, and 200 to the owner and an operator', async () => {
      const owner = await t.signIn();
      const stranger = await t.signIn();
      const address = (await upload(owner, [filePart(png())])).data as string;
      const submitted = await t.call({ method: 'POST', url: '/api/finance/recharge', token: owner.token, payload: { amount: '20', voucher: address } });
      expect(submitted.status, submitted.msg).toBe(200);

      expect((await get(address)).statusCode).toBe(404);
      expect((await get(address, stranger.token)).statusCode).toBe(404);
      expect((await get(address, 'not-a-real-token')).statusCode).toBe(404);
      const own = await get(address, owner.token);
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toBe('private, no-store');
      expect((await get(address, t.admin.token)).statusCode).toBe(200);
      // The stranger cannot get it by uploading a file either: an address is only served for its bytes.
      expect((await get(address.replace('.png', '.jpg'), stranger.token)).statusCode).toBe(404);
    });

    it('keeps serving an upload that is no voucher (a chat image) to anyone with its address', async () => {
      const address = (await upload(alice, [filePart(png())])).data as string;
      expect((await get(address)).statusCode).toBe(200);
    });
  });
});
