import { defineConfig } from 'vitest/config';
import { ciReporters } from '../vitest.shared.mjs';

export default defineConfig({
  test: {
    reporters: ciReporters('server'),
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // Each file opens its own database (PGlite in memory, or a fresh PostgreSQL database); two at a time fits 2 cores.
    maxWorkers: 2,
    // Files share their worker's module cache: importing the app once per worker instead of once per file took the
    // suite from about 17 to 6 minutes. Each file still opens its own database and app (helpers.createTestApp), and
    // nothing in the suite mocks modules or stubs globals, so files stay independent (docs/testing.md).
    isolate: false,
    // Files and the tests inside them run in random order so hidden dependencies between tests surface; Vitest prints
    // the seed it used, and `--sequence.seed=N` replays that order (docs/testing.md).
    sequence: { shuffle: true },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
