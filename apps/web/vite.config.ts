import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = 'http://127.0.0.1:8080';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/ws': { target: apiTarget, ws: true, changeOrigin: false },
};

export default defineConfig({
  // The server serves the client under /index/ (spec §2); routes live in the hash.
  base: '/index/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bench.mjs reads dist/.vite/manifest.json to measure the home page's initial JS.
    manifest: true,
  },
  server: { proxy },
  preview: { proxy },
});
