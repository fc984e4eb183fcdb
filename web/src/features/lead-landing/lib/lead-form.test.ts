import { describe, expect, it } from 'vitest';
import { normalizeListingUrlInput } from './lead-form';

describe('lead form', () => {
  it('takes an empty or http(s) listing link, adding https to a bare domain', () => {
    expect(normalizeListingUrlInput('  ')).toEqual({ ok: true, url: undefined });
    expect(normalizeListingUrlInput('homes.example/1')).toEqual({ ok: true, url: 'https://homes.example/1' });
    expect(normalizeListingUrlInput('http://homes.example/1')).toEqual({ ok: true, url: 'http://homes.example/1' });
    expect(normalizeListingUrlInput('not a link')).toEqual({ ok: false });
    expect(normalizeListingUrlInput('javascript:alert(1)')).toEqual({ ok: false });
  });
});
