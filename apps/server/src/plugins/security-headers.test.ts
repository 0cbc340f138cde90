import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { CHART_ATTRIBUTION_STYLE_HASH, inlineHashes } from './security-headers.js';

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
