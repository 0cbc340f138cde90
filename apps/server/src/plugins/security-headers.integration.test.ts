/**
 * Issue 9 §3: the security headers, on the real app (decision 036). The browser side (an injected inline script
 * does not run) is e2e/tests/csp.spec.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

const directives = (header: string | string[] | number | undefined) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { TRUST_PROXY: '127.0.0.1', PUBLIC_ORIGINS: 'https://reef.example,http://reef.test' });
  });
  afterAll(() => t.close());

  it('sends a strict Content-Security-Policy on the API and the app', async () => {
    for (const url of ['/api/config', '/index/']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(csp['worker-src']).toEqual(["'self'"]);
      expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp['connect-src']).toEqual(["'self'", 'wss://reef.example', 'ws://reef.test']);
      // No 'unsafe-inline' and no 'unsafe-eval' anywhere.
      expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-/);
    }
  });

  it('sends Referrer-Policy, Permissions-Policy, nosniff and no framing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(res.headers['permissions-policy']).toContain(`${feature}=()`);
    }
  });

  it('marks API answers no-store, signed in or not', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).headers['cache-control']).toBe('no-store');
    const info = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { authorization: `Bearer ${t.admin.token}` } });
    expect(info.statusCode).toBe(200);
    expect(info.headers['cache-control']).toBe('no-store');
    // A refusal and an unknown API path too.
    expect((await t.app.inject({ method: 'GET', url: '/api/user/info' })).headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing-here' })).headers['cache-control']).toBe('no-store');
  });

  it('sends HSTS only over HTTPS (as a trusted proxy reports it), never over plain HTTP', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/config', remoteAddress: '127.0.0.1' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const https = await t.app.inject({ method: 'GET', url: '/api/config', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // From a client no proxy setting trusts, X-Forwarded-Proto means nothing.
    const spoofed = await t.app.inject({ method: 'GET', url: '/api/config', remoteAddress: '192.0.2.7', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('security headers on the web build (decision 046)', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    // A build of its own: index.html, the service worker and one hashed script with its brotli copy.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'reef-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><script type="module" src="/index/assets/app-Ab_1-x.js"></script>');
    fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(webDist, 'assets/app-Ab_1-x.js'), 'export const a = 1;');
    t = await createTestApp('pglite', { WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('sends a hashed script only the headers a subresource uses: nosniff, CORP, immutable caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/index/assets/app-Ab_1-x.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const header of ['content-security-policy', 'permissions-policy', 'x-frame-options', 'cross-origin-opener-policy', 'referrer-policy']) {
      expect(res.headers[header], header).toBeUndefined();
    }
  });

  it('keeps every document header on the page, the service worker (its CSP is its own), images and odd names', async () => {
    for (const url of ['/index/', '/index/sw.js', '/index/assets/icon-123.svg', '/index/assets/..%2fsw.js', '/index/assets/app-Ab_1-x.js?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(directives(res.headers['content-security-policy'])['script-src'], url).toEqual(["'self'"]);
      expect(res.headers['permissions-policy'], url).toContain('camera=()');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });
});
