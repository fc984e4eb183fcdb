import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { ciReporters } from '../vitest.shared.mjs';
import { catalogueSplit } from './build-tools/catalogue-split.js';

export default defineConfig({
  plugins: [react(), catalogueSplit({ webRoot: import.meta.dirname })],
  test: {
    reporters: ciReporters('web'),
    environment: 'jsdom',
    include: ['src/**/*.test.ts?(x)', 'build-tools/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
    // Files share a worker's modules and jsdom: loading MUI and a fresh jsdom per file was most of the run (4 min → 1.5 min).
    // Testing Library unmounts after each test; tests that touch storage or the language reset them themselves.
    isolate: false,
    // So a navigator or fetch stubbed by one test never reaches the next file; module mocks (vi.mock) are not used.
    unstubGlobals: true,
  },
});
