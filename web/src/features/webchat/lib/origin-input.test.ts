import { describe, expect, it } from 'vitest';
import { parseOriginInput } from './origin-input';

describe('parseOriginInput', () => {
  it('accepts exact origins, lower-cased and trimmed', () => {
    expect(parseOriginInput({ text: '  HTTPS://www.Dealer.example ', current: [] })).toEqual({ origin: 'https://www.dealer.example', error: null });
    expect(parseOriginInput({ text: 'http://localhost:3000', current: [] })).toEqual({ origin: 'http://localhost:3000', error: null });
  });

  it('keeps only the origin of a pasted page address', () => {
    expect(parseOriginInput({ text: 'https://dealer.example/cars/used?x=1', current: [] }).origin).toBe('https://dealer.example');
    expect(parseOriginInput({ text: 'https://dealer.example/', current: [] }).origin).toBe('https://dealer.example');
  });

  it('refuses what the server refuses, duplicates and more than 20', () => {
    for (const text of ['', 'dealer.example', '*.dealer.example', 'https://*.dealer.example', 'ftp://dealer.example', 'https://dea ler.example'])
      expect(parseOriginInput({ text, current: [] }).error, text).toBe('invalid');
    expect(parseOriginInput({ text: 'https://a.example', current: ['https://a.example'] }).error).toBe('duplicate');
    const full = Array.from({ length: 20 }, (_, i) => `https://s${i}.example`);
    expect(parseOriginInput({ text: 'https://new.example', current: full }).error).toBe('too_many');
  });
});
