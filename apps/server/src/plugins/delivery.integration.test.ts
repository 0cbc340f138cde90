/**
 * Delivery on the real app: the static web app by content negotiation over the build's precompressed
 * files (br > gzip > identity, Vary, lengths), its caching policy, a real 404 for a missing file, JSON API
 * replies compressed above the threshold only, and the two streaming paths (the AI answer's server-sent
 * events and the chat socket) untouched by compression, through a real listening port.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type SignedInUser, type TestApp } from '../test/harness.js';
import { TestSocket, socketUrl } from '../test/socket-client.js';
import { parseEvents } from '../modules/ai/sse-test-client.js';
import { API_COMPRESS_THRESHOLD_BYTES } from './compression.js';
import { IMMUTABLE, REVALIDATE } from './web.js';

/** A web build in miniature, laid out as `vite build` plus the precompression step write it. */
function writeWebDist(): { dir: string; script: string; html: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reef-web-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const html = `<!doctype html><html><head><script type="module" src="/index/assets/index-AbC123.js"></script></head><body>${'<div id="root"></div>'.repeat(60)}</body></html>`;
  const script = `export const reef = ${JSON.stringify('coral '.repeat(2000))};\n`;
  const files: Record<string, string> = { 'index.html': html, 'assets/index-AbC123.js': script, 'sw.js': 'self.addEventListener("fetch", () => {});' };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  }
  return { dir, script, html };
}

describe.each(databaseKinds)('delivery on %s', (kind) => {
  let t: TestApp;
  let user: SignedInUser;
  let web: ReturnType<typeof writeWebDist>;
  let origin: string;
  beforeAll(async () => {
    web = writeWebDist();
    t = await createTestApp(kind, { WEB_DIST: web.dir });
    user = await t.signIn();
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(web.dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends the brotli file to a client that takes br, with its own length and Vary', async () => {
    const res = await get('/index/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(web.script.length / 10);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(web.script);
  });

  it('sends the gzip file to a client without br, and the plain file to one that takes neither', async () => {
    const gzip = await get('/index/assets/index-AbC123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(web.script);

    for (const accept of [undefined, 'identity', 'deflate']) {
      const plain = await get('/index/assets/index-AbC123.js', accept);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(web.script));
      expect(plain.body).toBe(web.script);
    }
  });

  it('caches hashed assets for a year, immutable, and has index.html and the service worker revalidated', async () => {
    expect((await get('/index/assets/index-AbC123.js', 'br')).headers['cache-control']).toBe(IMMUTABLE);
    for (const url of ['/index/', '/index/index.html', '/index/sw.js']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
    const html = await get('/index/', 'gzip');
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(zlib.gunzipSync(html.rawPayload).toString()).toBe(web.html);
  });

  it('answers a real 404 for a missing file, whatever the client accepts', async () => {
    for (const accept of ['br, gzip', 'gzip', undefined]) {
      for (const url of [
        '/index/assets/index-Missing1.js',
        '/index/assets/nope.css',
        '/index/missing.png',
        '/index/assets/',
        '/index/assets/a%00b.js',
        '/index/index.html/x',
      ]) {
        const res = await get(url, accept);
        expect(res.statusCode, `${url} ${accept}`).toBe(404);
        expect(res.headers['cache-control'], url).not.toBe(IMMUTABLE);
        expect(res.json().data.code).toBe('NOT_FOUND');
      }
    }
  });

  it('compresses a JSON API reply above the threshold, not one below it', async () => {
    const large = await get('/api/article?page=1&limit=20', 'gzip, deflate, br');
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toMatch(/accept-encoding/i);
    const body = zlib.brotliDecompressSync(large.rawPayload);
    expect(body.length).toBeGreaterThan(API_COMPRESS_THRESHOLD_BYTES);
    expect(JSON.parse(body.toString()).data.list.length).toBeGreaterThan(0);

    const gzip = await get('/api/article?page=1&limit=20', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(JSON.parse(body.toString()));

    const plain = await get('/api/article?page=1&limit=20');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(JSON.parse(body.toString()));

    const small = await get('/api/login/nonce', 'gzip, deflate, br');
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(API_COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data.nonce).toBeTruthy();
  });

  it('streams the AI answer as plain server-sent events to a client that takes br', async () => {
    const res = await fetch(`${origin}/api/ai/chat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', 'accept-encoding': 'br, gzip', 'accept-language': 'en-us' },
      body: JSON.stringify({ message: 'How do I withdraw USDT to my wallet?' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    // The first event arrives while the answer is still being written: nothing buffers the stream.
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toMatch(/^event: meta\n/);
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    const events = parseEvents(first + rest);
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(1);
    expect(events.at(-1)!.event).toBe('done');
  });

  it('still upgrades the chat socket', async () => {
    const socket = await TestSocket.ready(socketUrl(origin, { type: 'user', token: user.token }), { 'accept-encoding': 'br, gzip' });
    expect(socket.frames[0]!.type).toBe('ready');
    await socket.close();
  });
});
