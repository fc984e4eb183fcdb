import { defineConfig } from 'vitest/config';
import { ciReporters } from '../vitest.shared.mjs';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    reporters: ciReporters('e2e'),
    globalSetup: ['support/global-setup.ts'],
    pool: 'forks',
    // One browser at a time keeps a 2-core machine responsive for the server under test.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
