/**
 * Security headers on every answer (decision 036). Tokens live in localStorage, so the Content-Security-Policy is
 * the wall against injected script: scripts only from this origin (plus the exact inline blocks the built
 * index.html ships, by hash), connections to this origin, its sockets, the configured BSC RPC and, with a
 * WalletConnect project id, its relay, no framing (but WalletConnect's Verify iframe then),
 * no plugins, no <base> tricks. HSTS only on HTTPS (the request's protocol, which honours X-Forwarded-Proto
 * only from a proxy TRUST_PROXY names). API answers are `no-store`: they carry balances and tokens.
 *
 * The hashed scripts, styles and fonts under `/index/assets/` get none of the document headers
 * (decision 046): a script or a style runs under the policy of the document that loads it, never its own, so a CSP,
 * Permissions-Policy, X-Frame-Options or COOP there is ~1 KB of headers per file that no browser reads. They keep
 * `nosniff` (web.ts) and Cross-Origin-Resource-Policy, which do apply to a subresource. Every document and worker
 * script (index.html, sw.js) and every API answer keeps the full set.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config.js';

/**
 * lightweight-charts (the price chart) adds one <style> for its TradingView attribution logo, which the licence
 * asks us to show (price-chart.ts sets attributionLogo). Its hash is allowed, not every inline style;
 * security-headers.test.ts recomputes it from the installed package, so an upgrade that changes it fails there.
 */
export const CHART_ATTRIBUTION_STYLE_HASH = "'sha256-3pRED1tOXas1FXFoPb9TGCjmYe9XQsmO9OV23khV2nY='";

/** Features the app never uses, switched off for it and anything it could embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'xr-spatial-tracking=()',
  'interest-cohort=()',
].join(', ');

/**
 * Vite's hashed scripts, styles and fonts (`name-hash.ext`), loaded by the document as subresources, never a document
 * or a worker themselves. One plain file name: no `..`, no escapes, no query; images (an SVG opened on its own is a
 * document) keep the full set.
 */
const BUILD_ASSET = /^\/index\/assets\/[\w-]+(?:\.[\w-]+)*\.(?:js|css|woff2?)$/;
/** True for a request of a hashed asset of the web build: it gets subresource headers only. */
export function isBuildAsset(url: string): boolean {
  return BUILD_ASSET.test(url);
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Hashes of the inline <script> and <style> blocks of the built index.html (none for scripts today). */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const blocks = (tag: string) =>
    [...html.matchAll(new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'gi'))]
      .filter((m) => !/\ssrc\s*=/.test(m[1] ?? ''))
      .map((m) => m[2] ?? '')
      .filter((text) => text.length > 0)
      .map(sha256);
  return { scripts: blocks('script'), styles: blocks('style') };
}

/**
 * What @walletconnect/ethereum-provider (2.25) contacts from the page, read from its source: the relay's socket (its
 * only connection; the app's calls are all answered by the wallet or the provider itself, never its HTTP RPC, and
 * telemetry is switched off in the web's options) and the Verify API's attestation iframe, which lets the wallet show
 * that a request came from this domain. Allowed only when a project id is configured (decision 044).
 */
export const WALLETCONNECT_RELAY_ORIGIN = 'wss://relay.walletconnect.org';
export const WALLETCONNECT_VERIFY_ORIGIN = 'https://verify.walletconnect.org';

/**
 * WeChat's JS-SDK (decision 120): inside WeChat's own browser the share menu shows the operator's title, picture and
 * synopsis only after the page loads `jweixin` from WeChat's host and calls `wx.config`. Only a document asked for by
 * that browser (its User-Agent says MicroMessenger), and only when a WeChat account is configured, may load it: every
 * other browser keeps scripts from this origin alone.
 */
export const WECHAT_SDK_ORIGIN = 'https://res.wx.qq.com';
const WECHAT_BROWSER = /\bMicroMessenger\//i;

/** True when the request comes from WeChat's in-app browser. */
export function fromWechatBrowser(userAgent: string | undefined): boolean {
  return userAgent !== undefined && WECHAT_BROWSER.test(userAgent);
}

/** The socket origins of the public origins (ws: for http:, wss: for https:), for browsers before CSP 3's 'self'. */
function socketOrigins(publicOrigins: string[]): string[] {
  return publicOrigins.map((origin) => origin.replace(/^http/, 'ws'));
}

export function contentSecurityPolicy(config: Config, html: string | null) {
  const inline = html ? inlineHashes(html) : { scripts: [], styles: [] };
  const connect = ["'self'", ...socketOrigins(config.publicOrigins)];
  if (config.chain) connect.push(new URL(config.chain.rpcUrl).origin);
  const walletConnect = config.walletConnectProjectId !== null;
  if (walletConnect) connect.push(config.walletConnectRelayUrl ?? WALLETCONNECT_RELAY_ORIGIN);
  const scriptSrc: (string | ((req: IncomingMessage) => string))[] = ["'self'", ...inline.scripts];
  // A repeated 'self' for every other browser: helmet wants a value from a directive's function.
  if (config.wechat) scriptSrc.push((req) => (fromWechatBrowser(req.headers['user-agent']) ? WECHAT_SDK_ORIGIN : "'self'"));
  return {
    defaultSrc: ["'self'"],
    scriptSrc,
    styleSrc: ["'self'", ...inline.styles, CHART_ATTRIBUTION_STYLE_HASH],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: [...new Set(connect)],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    frameAncestors: ["'none'"],
    frameSrc: walletConnect ? [WALLETCONNECT_VERIFY_ORIGIN] : ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    // Browsers may not upgrade on a plain-HTTP deployment (a phone on the LAN), so this is left off.
    upgradeInsecureRequests: null,
  };
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const indexPath = path.join(app.config.webDist, 'index.html');
  const html = fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : null;
  // Built once: @fastify/helmet's reply.helmet() built a new middleware, parsing every directive, for each request.
  const applyHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(app.config, html) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Per request below: HSTS sent over plain HTTP is ignored by browsers, and it is wrong on a LAN deployment.
    strictTransportSecurity: false,
    // The wallet extensions inject into the page; nothing opens cross-origin windows that need access back.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (isBuildAsset(request.url)) {
      reply.header('Cross-Origin-Resource-Policy', 'same-origin');
      return;
    }
    // Applied here rather than globally, so the hashed assets go without the document headers. Helmet sets the
    // headers on the raw response and calls back at once; it fails only on a directive's function throwing.
    let failure: unknown;
    applyHeaders(request.raw, reply.raw, (error?: unknown) => {
      failure = error;
    });
    if (failure) throw failure;
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    // The policy then depends on the browser: a shared cache must not hand WeChat's document to another browser.
    if (app.config.wechat && !request.url.startsWith('/api/')) reply.header('Vary', 'User-Agent');
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    // Balances, tokens and messages must not sit in a shared or disk cache.
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  });
});
