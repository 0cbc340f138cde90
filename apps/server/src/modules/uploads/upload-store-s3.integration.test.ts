/**
 * Uploads in an S3-compatible bucket (issue 27, decision 124), against a real S3-compatible server: s3rver, which
 * stores objects on disk and refuses an access key it does not know (it does not recompute V4 signatures, so the
 * signing is held to AWS's published example). The store alone: put, get, a missing object, an unknown key refused.
 * Through the app on each database: an upload lands in the bucket, not in the data directory, and is served back
 * byte for byte. With PostgreSQL: two server processes with
 * data directories of their own and one bucket — a file uploaded through one is served by the other.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AwsV4Signer } from 'aws4fetch';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type SignedInUser, type TestApp } from '../../test/harness.js';
import { requiredService } from '../../test/required-services.js';
import { createScratchDatabaseUrl, freePort, signInOverHttp, startServerProcess, type ServerProcess } from '../../test/server-process.js';
import { multipart, png } from './upload-fixtures.js';
import { s3Store, UploadStoreError } from './upload-store.js';

const BUCKET = 'reef-uploads';
let s3: S3rver;
let endpoint: string;
let s3Dir: string;

beforeAll(async () => {
  s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reef-s3rver-'));
  const port = await freePort();
  s3 = new S3rver({ address: '127.0.0.1', port, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await s3?.close();
  await fs.rm(s3Dir, { recursive: true, force: true });
});

const s3Env = (prefix = 'uploads/') => ({
  UPLOAD_S3_ENDPOINT: endpoint,
  UPLOAD_S3_BUCKET: BUCKET,
  UPLOAD_S3_ACCESS_KEY_ID: 'S3RVER',
  UPLOAD_S3_SECRET_ACCESS_KEY: 'S3RVER',
  UPLOAD_S3_PREFIX: prefix,
});

describe('the S3 upload store', () => {
  const options = () => ({ endpoint, bucket: BUCKET, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', prefix: 'store-test/' });

  it('puts an object and gets the same bytes back; a missing one is null', async () => {
    const store = s3Store(options());
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reef-s3-put-'));
    const image = png(40);
    const temp = path.join(dir, 'incoming');
    await fs.writeFile(temp, image);
    const name = `${createHash('sha256').update(image).digest('hex')}.png`;
    await store.put(name, temp, 'image/png');

    const found = await store.get(name);
    expect(found?.bytes).toBe(image.length);
    const chunks: Buffer[] = [];
    for await (const chunk of found!.open()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(image);
    expect(await store.get(`${'0'.repeat(64)}.png`)).toBeNull();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('is refused for an access key the service does not know', async () => {
    const store = s3Store({ ...options(), accessKeyId: 'NOT-A-KEY' });
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reef-s3-bad-'));
    await fs.writeFile(path.join(dir, 'incoming'), png());
    await expect(store.put(`${'1'.repeat(64)}.png`, path.join(dir, 'incoming'), 'image/png')).rejects.toThrow(UploadStoreError);
    await expect(store.get(`${'1'.repeat(64)}.png`)).rejects.toThrow(UploadStoreError);
    await fs.rm(dir, { recursive: true, force: true });
  });

  // s3rver checks the access key but not the arithmetic of a V4 signature ("unimplemented" in its source), so the
  // signer is held to AWS's own published example instead: "GET Object" in the Signature Version 4 documentation.
  it('signs as AWS documents: the GET Object example’s signature, byte for byte', async () => {
    const signer = new AwsV4Signer({
      method: 'GET',
      url: 'https://examplebucket.s3.amazonaws.com/test.txt',
      headers: { Range: 'bytes=0-9', 'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' },
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      service: 's3',
      region: 'us-east-1',
      datetime: '20130524T000000Z',
      allHeaders: true,
    });
    const { headers } = await signer.sign();
    expect(headers.get('authorization')).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe.each(databaseKinds)('uploads in a bucket, on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let alice: SignedInUser;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'reef-uploads-s3-'));
    t = await createTestApp(kind, { DATA_DIR: dataDir, UPLOAD_PER_MINUTE: '1000', ...s3Env(`app-${kind}/`) });
    alice = await t.signIn();
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('stores the bytes in the bucket, none in the data directory, and serves them back', async () => {
    const image = png(12);
    const { payload, contentType } = multipart([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: image }]);
    const res = await t.call({ method: 'POST', url: '/api/upload', token: alice.token, payload, headers: { 'content-type': contentType } });
    expect(res.status).toBe(200);
    const sha = createHash('sha256').update(image).digest('hex');
    expect(res.data).toBe(`/uploads/${sha}.png`);
    const onDisk = (await fs.readdir(path.join(dataDir, 'uploads')).catch(() => [] as string[])).filter((name) => !name.startsWith('.'));
    expect(onDisk).toEqual([]);
    expect(await fs.readdir(path.join(dataDir, 'uploads', '.incoming'))).toEqual([]);

    const served = await t.app.inject({ method: 'GET', url: res.data as string });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-length']).toBe(String(image.length));
    expect(served.rawPayload).toEqual(image);
    // A name the database does not know is not fetched from the bucket at all, and is a plain 404.
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${'2'.repeat(64)}.png` })).statusCode).toBe(404);
  });
});

const databaseServer = requiredService('TEST_DATABASE_URL');

describe.runIf(databaseServer)('uploads across two server processes with no shared directory', () => {
  const nodes: ServerProcess[] = [];
  const dirs: string[] = [];
  let drop: () => Promise<void> = () => Promise.resolve();

  beforeAll(async () => {
    const database = await createScratchDatabaseUrl(databaseServer!, 'reef_uploads_s3');
    drop = database.drop;
    for (let i = 0; i < 2; i++) {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), `reef-node-${i}-`));
      dirs.push(dir);
      nodes.push(await startServerProcess({ DATABASE_URL: database.url, DATA_DIR: dir, ...s3Env('nodes/') }));
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await drop();
    await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
  }, 60_000);

  it('serves from one node what was uploaded through the other', async () => {
    const [one, two] = nodes as [ServerProcess, ServerProcess];
    const user = await signInOverHttp(one.origin);
    const image = png(30);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'from-one.png');
    const answer = (await (
      await fetch(`${one.origin}/api/upload`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form })
    ).json()) as {
      status: number;
      data: string;
    };
    expect(answer.status).toBe(200);
    const served = await fetch(`${two.origin}${answer.data}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(image);
    // Neither node wrote it to its own directory.
    for (const dir of dirs) expect((await fs.readdir(path.join(dir, 'uploads')).catch(() => [] as string[])).filter((n) => !n.startsWith('.'))).toEqual([]);
  }, 60_000);
});
