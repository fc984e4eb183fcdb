import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Files the web app's first screens import for values (issue 15): they must not pull zod or the phone metadata into
 * the browser's entry and inbox chunks, so at run time they import only each other.
 */
const ZOD_FREE = /^([a-z-]+-constants|survey-dates|auth-messages|automation-schedule|money)\.ts$/;
const dir = path.join(__dirname, '../../contracts/src');

function runtimeImportsOf(source: string): string[] {
  return [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]!);
}

describe('zod-free contract files', () => {
  const files = readdirSync(dir).filter((f) => ZOD_FREE.test(f));

  it('are the ones the web app counts on', () => {
    expect(files).toEqual(expect.arrayContaining(['customer-constants.ts', 'message-constants.ts', 'survey-dates.ts', 'auth-messages.ts']));
  });

  it('import at run time only other zod-free files', () => {
    for (const file of files) {
      const imports = runtimeImportsOf(readFileSync(path.join(dir, file), 'utf8'));
      const offending = imports.filter((spec) => !spec.startsWith('./') || !ZOD_FREE.test(`${spec.slice(2)}.ts`));
      expect({ file, offending }).toEqual({ file, offending: [] });
    }
  });

  it('tells a runtime import from a type-only one', () => {
    expect(runtimeImportsOf("import type { A } from './customer';\nimport { z } from 'zod';\nimport {\n  b,\n} from './money';\n")).toEqual(['zod', './money']);
  });
});
