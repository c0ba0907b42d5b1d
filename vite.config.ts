import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { faqContent } from './web/build/faq.js';
import { noServerModules } from './web/build/no-server-modules.js';

// The SPA lives in web/ and is built into web/dist, which the Express server serves.
export default defineConfig({
  root: 'web',
  plugins: [noServerModules(import.meta.dirname), faqContent(import.meta.dirname), react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler|swr)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/](@mantine|@floating-ui)[\\/]/ },
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|i18next-icu|i18next-browser-languagedetector|intl-messageformat|@formatjs)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000', '/readyz': 'http://localhost:3000' },
  },
});
