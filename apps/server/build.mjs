// Bundles the server into dist/server.js. Dependencies stay external (resolved from node_modules at
// run time); only our own workspace code, the shared contract included, is bundled.
import fs from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [
    {
      name: 'external-dependencies',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@reef/') ? undefined : { external: true }));
      },
    },
  ],
});

// The embedded database's worker thread (decision 040) is loaded by URL next to server.js, not bundled.
fs.copyFileSync('src/db/pglite-worker.mjs', 'dist/pglite-worker.mjs');
