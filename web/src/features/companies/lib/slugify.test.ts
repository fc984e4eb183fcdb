import { describe, expect, it } from 'vitest';
import { SLUG_RE } from '@cd/contracts/validators';
import { slugify } from './slugify';

describe('slugify', () => {
  it('makes a valid slug from ordinary and accented names', () => {
    expect(slugify('Main Street Motors, Inc.')).toBe('main-street-motors-inc');
    expect(slugify('Đurić & Šarić Auto')).toBe('duric-saric-auto');
    for (const s of ['Main Street Motors', 'Ćevapi -- House', 'x'.repeat(100)]) expect(SLUG_RE.test(slugify(s))).toBe(true);
  });
  it('gives an empty string for names without letters or digits', () => {
    expect(slugify('!!!')).toBe('');
  });
});
