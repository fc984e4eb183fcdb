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
  },
});
