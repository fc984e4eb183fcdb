import { defineConfig } from 'vitest/config';
import { ciReporters } from '../vitest.shared.mjs';

export default defineConfig({ test: { reporters: ciReporters('contracts'), include: ['src/**/*.test.ts'] } });
