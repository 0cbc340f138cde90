/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every compressible file of the
 * build, once, after Vite has written it; the server picks one by `Accept-Encoding` (decision 031).
 * node:zlib does both, so no dependency. A copy that would not be smaller is not written, and the
 * server then sends the file itself.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats: images (PNG) and fonts (WOFF2) are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map|ico)$/;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // Vite's own manifest is read by scripts, never served to browsers.
      if (entry.name !== '.vite') yield* walk(full);
    } else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

async function compressFile(file: string): Promise<void> {
  const bytes = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < bytes.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < bytes.length) await fs.writeFile(`${file}.gz`, gz);
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'reef:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const files: string[] = [];
      for await (const file of walk(outDir)) files.push(file);
      await Promise.all(files.map(compressFile));
    },
  };
}
