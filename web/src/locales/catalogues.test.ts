import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_MENU_LABEL_KEYS, MENU_SECTION_LABEL_KEYS } from '../app/shell/menu-rules';
import bs from './bs/translation.json';
import en from './en/translation.json';
import hr from './hr/translation.json';
import sr from './sr/translation.json';

const catalogues: Record<string, Record<string, string>> = { en, bs, hr, sr };
const srcDir = join(__dirname, '..');

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return files(p, pattern);
    return pattern.test(name) && !name.includes('.test.') ? [p] : [];
  });
}

describe('translation catalogues', () => {
  it('have exactly the same keys in all four languages', () => {
    const enKeys = Object.keys(en).sort();
    for (const [lng, cat] of Object.entries(catalogues)) {
      const keys = Object.keys(cat).sort();
      expect({ lng, missing: enKeys.filter((k) => !keys.includes(k)), extra: keys.filter((k) => !enKeys.includes(k)) }).toEqual({
        lng,
        missing: [],
        extra: [],
      });
    }
  });

  it('have no empty values and use the same interpolation variables', () => {
    for (const [lng, cat] of Object.entries(catalogues))
      for (const [key, value] of Object.entries(cat)) {
        expect(value.trim(), `${lng}:${key}`).not.toBe('');
        const vars = (s: string) => (s.match(/{{\s*\w+\s*}}/g) ?? []).sort();
        expect(vars(value), `${lng}:${key}`).toEqual(vars(en[key as keyof typeof en]));
      }
  });

  it('are real translations, not English copies', () => {
    for (const lng of ['bs', 'hr', 'sr']) {
      const cat = catalogues[lng]!;
      // Words spelled the same in these languages, and placeholders, are not copies.
      const cognates = new Set(['Status', 'Agent', 'Marketing', 'WhatsApp', 'Viber']);
      const same = Object.keys(en).filter(
        (k) => cat[k] === en[k as keyof typeof en] && !cognates.has(cat[k]!) && /[a-z]{4,}/.test(cat[k]!.replace(/\{\{\w+\}\}/g, '')),
      );
      // A handful of other words are identical across languages (language names, brand names).
      expect(same.length, `${lng}: ${same.join(', ')}`).toBeLessThan(10);
    }
  });

  it('contain every t("key") literal used in the source', () => {
    const missing: string[] = [];
    for (const file of files(srcDir, /\.tsx?$/)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*(['"])([^'"]+)\1/g)) if (!(m[2]! in en)) missing.push(`${file}: ${m[2]}`);
      for (const m of text.matchAll(/\b(?:titleKey|labelKey)[=:]\s*(['"])([^'"]+)\1/g)) if (!(m[2]! in en)) missing.push(`${file}: ${m[2]}`);
    }
    expect(missing).toEqual([]);
  });

  it('contain every menu label and section key', () => {
    const keys = [...ALL_MENU_LABEL_KEYS, ...Object.values(MENU_SECTION_LABEL_KEYS).filter((k): k is string => !!k)];
    expect(keys.filter((k) => !(k in en))).toEqual([]);
  });
});
