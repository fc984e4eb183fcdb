import { describe, expect, it } from 'vitest';
import { hasControlCharacter, searchTextOf, ZBooleanQueryParamSchema } from './query';

describe('query helpers', () => {
  it('booleans: true/false/1/0 only', () => {
    expect(['true', '1', 'false', '0'].map((v) => ZBooleanQueryParamSchema.parse(v))).toEqual([true, true, false, false]);
    for (const bad of ['TRUE', 'yes', '', ' true', 'on', true]) expect(ZBooleanQueryParamSchema.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('search text: trimmed, bounded, no control characters', () => {
    const q = searchTextOf({ max: 5 });
    expect(q.parse('  abc ')).toBe('abc');
    for (const bad of ['abcdef', 'a\u0000b', 'a\tb', 'a\u007fb']) expect(q.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(hasControlCharacter('Škoda Octavia – 2019')).toBe(false);
    expect(hasControlCharacter('line\nbreak')).toBe(true);
  });
});
