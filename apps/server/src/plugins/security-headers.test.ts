import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import {
  CHART_ATTRIBUTION_STYLE_HASH,
  contentSecurityPolicy,
  fromWechatBrowser,
  inlineHashes,
  WALLETCONNECT_RELAY_ORIGIN,
  WALLETCONNECT_VERIFY_ORIGIN,
  WECHAT_SDK_ORIGIN,
} from './security-headers.js';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inline hashes of the built index.html', () => {
  it('hashes inline <style> and <script> blocks exactly as written, never a script loaded by src', () => {
    const html = `<head><style>\n  body { margin: 0 }\n</style><script type="module" crossorigin src="/index/assets/a.js"></script><script>boot()</script></head>`;
    expect(inlineHashes(html)).toEqual({ scripts: [sha('boot()')], styles: [sha('\n  body { margin: 0 }\n')] });
  });
});

describe('the price chart attribution style', () => {
  it('is the <style> the installed lightweight-charts writes (an upgrade that changes it fails here)', () => {
    const require = createRequire(import.meta.url);
    const manifest = require.resolve('lightweight-charts/package.json', { paths: [new URL('../../../web', import.meta.url).pathname] });
    const source = fs.readFileSync(manifest.replace(/package\.json$/, 'dist/lightweight-charts.production.mjs'), 'utf8');
    const text = /createElement\("style"\),this\.\w+\.innerText="([^"]*)"/.exec(source)?.[1];
    expect(text).toContain('tv-attr-logo');
    expect(sha(text!)).toBe(CHART_ATTRIBUTION_STYLE_HASH);
  });
});

describe('WalletConnect in the policy (decision 044)', () => {
  const projectId = '0123456789abcdef0123456789abcdef';

  it('allows no relay and no frame at all without a project id', () => {
    const csp = contentSecurityPolicy(loadConfig({ PUBLIC_ORIGINS: 'https://reef.example' }), null);
    expect(csp.connectSrc).toEqual(["'self'", 'wss://reef.example']);
    expect(csp.frameSrc).toEqual(["'none'"]);
  });

  it("allows WalletConnect's relay socket and its Verify iframe once a project id is set", () => {
    const csp = contentSecurityPolicy(loadConfig({ PUBLIC_ORIGINS: 'https://reef.example', WALLETCONNECT_PROJECT_ID: projectId }), null);
    expect(csp.connectSrc).toEqual(["'self'", 'wss://reef.example', WALLETCONNECT_RELAY_ORIGIN]);
    expect(csp.frameSrc).toEqual([WALLETCONNECT_VERIFY_ORIGIN]);
  });

  it('allows the configured test relay instead, which production refuses to start with', () => {
    const relay = { WALLETCONNECT_PROJECT_ID: projectId, WALLETCONNECT_RELAY_URL: 'ws://127.0.0.1:4100/' };
    const csp = contentSecurityPolicy(loadConfig({ PUBLIC_ORIGINS: 'https://reef.example', ...relay }), null);
    expect(csp.connectSrc).toEqual(["'self'", 'wss://reef.example', 'ws://127.0.0.1:4100']);
    expect(() => loadConfig({ ...relay, NODE_ENV: 'production' })).toThrow(/WALLETCONNECT_RELAY_URL: refused when NODE_ENV=production/);
    expect(() => loadConfig({ WALLETCONNECT_RELAY_URL: 'ws://127.0.0.1:4100' })).toThrow(/only valid together with WALLETCONNECT_PROJECT_ID/);
    expect(() => loadConfig({ WALLETCONNECT_PROJECT_ID: projectId, WALLETCONNECT_RELAY_URL: 'https://relay.example' })).toThrow(/WALLETCONNECT_RELAY_URL/);
  });
});

describe("WeChat's JS-SDK in the policy (decision 120)", () => {
  const wechatUa = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Mobile Safari/537.36 MicroMessenger/8.0.50(0x1800323c) NetType/WIFI';
  const phoneUa = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
  const scriptSources = (csp: ReturnType<typeof contentSecurityPolicy>, userAgent: string | undefined) =>
    csp.scriptSrc.map((source) => (typeof source === 'function' ? source({ headers: { 'user-agent': userAgent } } as never) : source));
  const wechat = { WECHAT_APP_ID: 'wx0123456789abcdef', WECHAT_APP_SECRET: 'fakesecret0123456789' };

  it("tells WeChat's browser by its User-Agent, and nothing else", () => {
    expect(fromWechatBrowser(wechatUa)).toBe(true);
    expect(fromWechatBrowser(phoneUa)).toBe(false);
    expect(fromWechatBrowser('MicroMessenger without a version')).toBe(false);
    expect(fromWechatBrowser(undefined)).toBe(false);
  });

  it("allows WeChat's host to WeChat's browser only, and only with a WeChat account", () => {
    const configured = contentSecurityPolicy(loadConfig({ PUBLIC_ORIGINS: 'https://reef.example', ...wechat }), null);
    expect(scriptSources(configured, wechatUa)).toEqual(["'self'", WECHAT_SDK_ORIGIN]);
    expect(scriptSources(configured, phoneUa)).toEqual(["'self'", "'self'"]);
    expect(scriptSources(configured, undefined)).toEqual(["'self'", "'self'"]);
    const without = contentSecurityPolicy(loadConfig({ PUBLIC_ORIGINS: 'https://reef.example' }), null);
    expect(scriptSources(without, wechatUa)).toEqual(["'self'"]);
  });
});
