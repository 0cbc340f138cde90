/**
 * The compose file and the image definition hold together (issue 27, decision 123). Building and running the image
 * takes minutes (`npm run image:check`, by hand: too slow for CI), and this machine cannot pull the compose file's
 * PostgreSQL, Redis and nginx images, so they are checked here: compose.yaml against the Compose Specification's own
 * JSON schema (compose-spec.schema.json, copied from github.com/compose-spec/compose-spec, Apache-2.0), then what
 * the schema cannot know — every file the compose file and the Containerfile name exists, the app nodes reach the
 * services by the names the compose file gives them, the image stands on Node's image unless told otherwise, and it
 * runs as a non-root user with a health check.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';

const DEPLOY = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(DEPLOY, '..');

interface Service {
  build?: { context: string; dockerfile: string };
  image?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
}

const compose = yaml.load(fs.readFileSync(path.join(DEPLOY, 'compose.yaml'), 'utf8')) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const containerfile = fs.readFileSync(path.join(DEPLOY, 'Containerfile'), 'utf8');

describe('deploy/compose.yaml and deploy/Containerfile', () => {
  it('is a valid Compose file by the Compose Specification’s schema', () => {
    const schema = JSON.parse(fs.readFileSync(path.join(DEPLOY, 'compose-spec.schema.json'), 'utf8')) as object;
    // The schema names draft-07 by an https address Ajv does not list; it is draft-07, which Ajv validates by default.
    // Its formats ("duration", "expose"…) are Compose's own: left to the runtime, as the schema's authors do.
    const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, validateFormats: false });
    const validate = ajv.compile(schema);
    const valid = validate(compose);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
    // The checker itself: a service with an unknown key is refused.
    expect(validate({ services: { app: { image: 'reef', restartt: 'always' } } })).toBe(false);
  });

  it('builds the app nodes from the Containerfile, on the compose file’s PostgreSQL and Redis, behind the proxy', () => {
    const { services } = compose;
    const nodes = Object.entries(services).filter(([, service]) => service.build);
    expect(nodes.map(([name]) => name)).toEqual(['app1', 'app2']);
    for (const [, node] of nodes) {
      expect(fs.existsSync(path.resolve(DEPLOY, node.build!.context, node.build!.dockerfile))).toBe(true);
      expect(new URL(node.environment!.DATABASE_URL!.replace(/\$\{[^}]+\}/g, 'x')).hostname).toBe('postgres');
      expect(new URL(node.environment!.REDIS_URL!).hostname).toBe('redis');
      expect(node.environment!.TRUST_PROXY).not.toMatch(/^(true|\*)$/);
      expect(node.environment!.PAY_PASSWORD_PEPPER).toMatch(/:\?/);
      expect(Object.keys(node.depends_on!)).toEqual(['postgres', 'redis']);
    }
    expect(services.postgres!.healthcheck).toBeDefined();
    expect(services.redis!.healthcheck).toBeDefined();
    // The proxy's configuration file exists and sends to both nodes, with WebSocket upgrades.
    const [source] = services.proxy!.volumes![0]!.split(':');
    const proxyConfig = fs.readFileSync(path.resolve(DEPLOY, source!), 'utf8');
    for (const [name] of nodes) expect(proxyConfig).toContain(`server ${name}:8080`);
    expect(proxyConfig).toMatch(/proxy_set_header Upgrade \$http_upgrade/);
    expect(Object.keys(services.proxy!.depends_on!)).toEqual(['app1', 'app2']);
  });

  it('copies into the image only what exists and runs as a non-root user with a health check', () => {
    const copies = [...containerfile.matchAll(/^COPY (?!--from)(.+)$/gm)].flatMap((m) => m[1]!.trim().split(/\s+/).slice(0, -1));
    expect(copies.length).toBeGreaterThan(3);
    for (const source of copies) expect(fs.existsSync(path.join(ROOT, source)), source).toBe(true);
    // What the run stage takes from the build stage is what the server reads at run time.
    for (const built of ['apps/server/dist', 'apps/server/drizzle', 'apps/server/content', 'apps/web/dist', 'node_modules', 'apps/server/node_modules']) {
      expect(containerfile).toContain(`COPY --from=build /src/${built}`);
    }
    // Both stages stand on NODE_IMAGE, which is Node's official image unless a build passes another (base-image.sh's).
    expect(containerfile).toMatch(/^ARG NODE_IMAGE=docker\.io\/library\/node:20-bookworm-slim$/m);
    expect([...containerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1])).toEqual(['${NODE_IMAGE}', '${NODE_IMAGE}']);
    const lastStage = containerfile.slice(containerfile.lastIndexOf('\nFROM '));
    expect(lastStage).toMatch(/^USER node$/m);
    expect(lastStage).toMatch(/^HEALTHCHECK .*$/m);
    expect(lastStage).toContain('/readyz');
    expect(lastStage).toMatch(/^CMD \["node", "apps\/server\/dist\/server\.js"\]$/m);
  });
});
