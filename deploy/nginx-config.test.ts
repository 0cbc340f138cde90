/**
 * The proxy answers its own failures as a node does (decision 128): the compose file's nginx configuration carries
 * the same message map and error location as the one deploy/cluster.ts writes, whose messages are the server's
 * SERVICE_UNAVAILABLE in the six languages.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@reef/contract';
import { message } from '../apps/server/src/i18n/messages.js';
import { nginxConfig, proxyUnavailableConfig } from './cluster.js';

const composeConf = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'nginx/compose.conf'), 'utf8');
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

describe("the proxy's own 503", () => {
  const { map, location } = proxyUnavailableConfig();

  it('names the server message of every language', () => {
    for (const { code } of LANGUAGES) expect(map).toContain(`'${message(code, 'SERVICE_UNAVAILABLE')}'`);
    expect(location).toContain(`return 503 '{"status":503,"msg":"$reef_unavailable","data":{"code":"SERVICE_UNAVAILABLE"}}'`);
  });

  it('is the same in the compose file and in the cluster command', () => {
    const cluster = nginxConfig({ dir: '/tmp/reef', port: 8080, nodePorts: [1, 2], down: new Set(), runAsRoot: false });
    for (const conf of [composeConf, cluster]) {
      expect(squeeze(conf)).toContain(squeeze(map));
      expect(squeeze(conf)).toContain(squeeze(location));
      expect(conf).toContain('error_page 502 504 = @unavailable;');
      // A node's 503 is its answer: nginx neither retries it nor counts the node as failed for it.
      expect(conf).toMatch(/proxy_next_upstream error timeout http_502 http_504;/);
    }
  });
});
