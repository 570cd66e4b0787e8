import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The console is served under `/console/` both locally and behind CloudFront; the API shares its origin. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // One small app: no reason to fetch chunks lazily.
    chunkSizeWarningLimit: 1024,
  },
});
