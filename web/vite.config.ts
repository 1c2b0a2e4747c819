import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/**
 * Two entries so visitors never download admin code: the public site (index.html) and the
 * admin UI (admin/index.html, served by the API for /admin/*). After the build,
 * scripts/prerender.mjs renders the public routes to HTML using the manifest.
 */
export default defineConfig({
  plugins: [react()],
  // PUBLIC_URL (the site's public origin) is baked into canonical URLs at build time.
  envPrefix: ['VITE_', 'PUBLIC_URL'],
  build: {
    outDir: process.env.WEB_DIST_DIR ?? 'dist',
    emptyOutDir: true,
    manifest: true,
    // Commodity artwork stays in separate files so the site's pictures load lazily.
    assetsInlineLimit: (file) => (file.includes('/src/site/assets/commodities/') ? false : undefined),
    rollupOptions: {
      input: {
        site: resolve(import.meta.dirname, 'index.html'),
        admin: resolve(import.meta.dirname, 'admin/index.html'),
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
});
