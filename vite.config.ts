import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The SPA lives in web/ and is built into web/dist, which the Express server serves.
export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000', '/readyz': 'http://localhost:3000' },
  },
});
