import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-plugins/precompress';
import { serviceWorker } from './vite-plugins/service-worker';

const apiTarget = 'http://127.0.0.1:8080';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/ws': { target: apiTarget, ws: true, changeOrigin: false },
};

export default defineConfig({
  // The server serves the client under /index/ (spec §2); routes live in the hash.
  base: '/index/',
  // serviceWorker: sw.js with the shell's precache list, modulepreload of the home page; precompress:
  // .br and .gz beside every text file, last, so sw.js and index.html are compressed too (decision 031).
  plugins: [react(), serviceWorker(), precompress()],
  resolve: {
    // The WalletConnect provider's QR modal (Reown AppKit) is never used: see vite-plugins/no-appkit.ts.
    alias: { '@reown/appkit/core': fileURLToPath(new URL('./vite-plugins/no-appkit.ts', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bench.mjs reads dist/.vite/manifest.json to measure the home page's initial JS.
    manifest: true,
  },
  server: { proxy },
  preview: { proxy },
});
