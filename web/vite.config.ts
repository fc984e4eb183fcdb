import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { catalogueSplit } from './build-tools/catalogue-split.js';
import { precompressAssets } from './build-tools/precompress-assets.js';
import { trimPreloadDeps } from './build-tools/trim-preload-deps.js';
import { widgetBundle } from './build-tools/widget-bundle.js';

const backend = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), catalogueSplit({ webRoot: import.meta.dirname }), precompressAssets(), trimPreloadDeps(), widgetBundle({ webRoot: import.meta.dirname })],
  // The manifest lets build-tools/check-bundle-budget.ts walk what each route loads.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // MUI's utils and system modules in one chunk: left to automatic chunking they became ~20 tiny shared chunks whose
    // number and gzip overhead moved with every new lazy screen (inbox route 297.1 → 292.4 KB gzip, docs/performance.md).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'mui-base', test: /node_modules[\\/]@mui[\\/](utils|system)[\\/]/ }] } } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/.well-known': { target: backend, changeOrigin: true },
      '/REVISION': { target: backend, changeOrigin: true },
      '/health': { target: backend, changeOrigin: true },
      '/metrics': { target: backend, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/.well-known': { target: backend, changeOrigin: true },
      '/REVISION': { target: backend, changeOrigin: true },
      '/health': { target: backend, changeOrigin: true },
      '/metrics': { target: backend, changeOrigin: true },
    },
  },
});
