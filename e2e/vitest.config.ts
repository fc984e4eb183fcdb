import { defineConfig } from 'vitest/config';
import { ciReporters } from '../vitest.shared.mjs';
import { e2eSlots } from './support/slots';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    reporters: ciReporters('e2e'),
    globalSetup: ['support/global-setup.ts'],
    pool: 'forks',
    // One worker per running copy of the product (support/slots.ts): each worker's files use only their own server,
    // so two files at once never share demo data. Most of a browser test is waiting, so two fit 2 cores.
    maxWorkers: e2eSlots(),
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
