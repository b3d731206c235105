import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = process.env.FLUXION_API_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/accounts', '/webhooks'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // dist/.vite/manifest.json: what the first load fetches, checked by scripts/bundle-budget.mjs.
    manifest: true,
    chunkSizeWarningLimit: 900,
  },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: false }])),
  },
});
