import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';

/**
 * main and preload (electron-vite's default entries src/main/index.ts, src/preload/index.ts) are
 * bundled with everything they import (shared is TypeScript source, and the packaged app ships no
 * node_modules) as CommonJS `.js` files whatever folder the build starts from (electron-vite would
 * otherwise follow the package.json of the current folder); the preload is one file, as
 * `sandbox: true` needs.
 */
const rendererRoot = resolve(import.meta.dirname, 'src/renderer');
const commonJsFile = { format: 'cjs', entryFileNames: '[name].js' } as const;

export default defineConfig({
  main: {
    build: { externalizeDeps: false, rolldownOptions: { output: commonJsFile } },
  },
  preload: {
    build: { externalizeDeps: false, rolldownOptions: { output: { ...commonJsFile, codeSplitting: false } } },
  },
  renderer: {
    root: rendererRoot,
    plugins: [react()],
    build: { rolldownOptions: { input: resolve(rendererRoot, 'index.html') } },
  },
});
