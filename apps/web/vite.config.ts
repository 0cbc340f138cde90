import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { catalogueSplit } from './vite-plugins/catalogue-split';
import { moduleMap } from './vite-plugins/module-map';
import { precompress } from './vite-plugins/precompress';
import { serviceWorker } from './vite-plugins/service-worker';

const apiTarget = 'http://127.0.0.1:8080';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/ws': { target: apiTarget, ws: true, changeOrigin: false },
};

/**
 * The build's id (decision 077): REEF_BUILD_ID when the release sets one, otherwise the build's UTC minute
 * (20261127T1830). GET /api/version names the oldest id the server supports; an older app shows 'update available'.
 */
const buildId = process.env.REEF_BUILD_ID ?? new Date().toISOString().slice(0, 16).replace(/[-:]/g, '');

export default defineConfig({
  define: { __REEF_BUILD_ID__: JSON.stringify(buildId) },
  // The server serves the client under /index/ (spec §2); routes live in the hash.
  base: '/index/',
  // catalogueSplit: each catalogue's first-screen keys and the rest as two modules (decision 046); serviceWorker:
  // sw.js with the shell's precache list, modulepreload of the home page; precompress: .br and .gz beside every text
  // file, last, so sw.js and index.html are compressed too (decision 031); moduleMap: .vite/modules.json, what each
  // chunk is made of (bundle-budget.test.ts proves the console is not in it).
  plugins: [react(), catalogueSplit(), serviceWorker(), moduleMap(), precompress()],
  resolve: {
    // The WalletConnect provider's QR modal (Reown AppKit) is never used: see vite-plugins/no-appkit.ts.
    alias: { '@reown/appkit/core': fileURLToPath(new URL('./vite-plugins/no-appkit.ts', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bench.mjs reads dist/.vite/manifest.json to measure the home page's initial JS.
    manifest: true,
    // Terser packs the entry 3.4% smaller than esbuild's minifier after brotli (120.5 → 116.4 KB), for ~20 s more
    // build time (decision 046). Two passes, as ES modules (top-level names are private, so they are mangled too).
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, module: true, ecma: 2020 },
    // Every browser the app supports preloads modules itself; the polyfill was dead weight in the entry.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // A catalogue's two parts (`zh-tw.json?part=first|rest`) would both be called zh-tw-<hash>.js.
        chunkFileNames: (chunk) => {
          const part = /\?part=(first|rest)$/.exec(chunk.facadeModuleId ?? '')?.[1];
          return part ? `assets/[name]-${part}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
