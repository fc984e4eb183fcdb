import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { ciReporters } from '../vitest.shared.mjs';

export default defineConfig({
  plugins: [react()],
  test: {
    reporters: ciReporters('web'),
    environment: 'jsdom',
    include: ['src/**/*.test.ts?(x)', 'build-tools/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
  },
});
