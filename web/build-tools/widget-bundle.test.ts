import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildWidget, WIDGET_BUDGET_GZIP } from './widget-bundle';

describe('website chat widget bundle', () => {
  it('is one classic script (no import/export), under 30 KB gzip', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'widget-'));
    const file = await buildWidget({ webRoot: path.resolve(import.meta.dirname, '..'), outDir: out });
    const code = readFileSync(file, 'utf8');
    expect(code).not.toMatch(/^\s*(import|export)\s/m);
    expect(code).toContain('attachShadow');
    expect(gzipSync(code, { level: 9 }).length).toBeLessThan(WIDGET_BUDGET_GZIP);
  }, 60_000);
});
