import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { moduleMap } from './vite-plugins/module-map';
import { precompress } from './vite-plugins/precompress';

/**
 * The operator console (issue 16, decision 085): its own build with its own entry, served at /admin/. Nothing of it
 * is in the mobile app's graph, so the mobile bundle does not change by a byte; shared code (the contract, the
 * wallet sign-in) is bundled again here.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./console', import.meta.url)),
  base: '/admin/',
  plugins: [react(), moduleMap(), precompress()],
  resolve: {
    alias: { '@reown/appkit/core': fileURLToPath(new URL('./vite-plugins/no-appkit.ts', import.meta.url)) },
  },
  build: {
    // Inside the web app's dist (built first, which empties it), so one WEB_DIST serves both.
    outDir: fileURLToPath(new URL('./dist/admin', import.meta.url)),
    emptyOutDir: true,
    modulePreload: { polyfill: false },
  },
  server: { proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } } },
});
