import { describe, expect, it } from 'vitest';
import { importPercent, initialMapping, isImportFile, isImportFinished, mappingPayload, parseTags, setMapping, validateMapping } from './import-mapping';

const columns = ['First Name', 'Last Name', 'Mobile', 'Email', 'Notes'];

describe('initialMapping', () => {
  it('keeps the server suggestion for known fields and existing columns', () => {
    expect(initialMapping({ firstName: 'First Name', phone: 'Mobile', email: 'Email', bogus: 'Notes', city: 'City' }, columns)).toEqual({
      firstName: 'First Name',
      phone: 'Mobile',
      email: 'Email',
    });
  });
  it('never suggests one column for two fields', () => {
    expect(initialMapping({ firstName: 'Mobile', phone: 'Mobile' }, columns)).toEqual({ firstName: 'Mobile' });
    expect(initialMapping(undefined, columns)).toEqual({});
  });
});

describe('validateMapping', () => {
  it('requires phone', () => {
    expect(validateMapping({ firstName: 'First Name' }, columns)).toEqual({ ok: false, errors: { phone: 'required' } });
    expect(validateMapping({ phone: 'Mobile' }, columns)).toEqual({ ok: true, errors: {} });
  });
  it('allows one column per field only', () => {
    const r = validateMapping({ phone: 'Mobile', notes: 'Mobile', email: 'Email' }, columns);
    expect(r.ok).toBe(false);
    expect(r.errors).toEqual({ phone: 'duplicate', notes: 'duplicate' });
  });
  it('rejects columns that are not in the file', () => {
    expect(validateMapping({ phone: 'Mobile', city: 'City' }, columns).errors).toEqual({ city: 'unknown_column' });
  });
});

describe('mapping helpers', () => {
  it('sets and clears a field', () => {
    const m = setMapping({ phone: 'Mobile' }, 'email', 'Email');
    expect(m).toEqual({ phone: 'Mobile', email: 'Email' });
    expect(setMapping(m, 'email', '')).toEqual({ phone: 'Mobile' });
  });
  it('serialises only mapped fields', () => {
    expect(JSON.parse(mappingPayload({ phone: 'Mobile', email: '' as unknown as string }))).toEqual({ phone: 'Mobile' });
  });
  it('parses comma-separated tags', () => {
    expect(parseTags(' vip, fleet ,,VIP, new ')).toEqual(['vip', 'fleet', 'new']);
    expect(parseTags('')).toEqual([]);
  });
  it('accepts .csv and .xlsx only', () => {
    expect(isImportFile('a.CSV')).toBe(true);
    expect(isImportFile('a.xlsx')).toBe(true);
    expect(isImportFile('a.xls')).toBe(false);
    expect(isImportFile('a.csv.txt')).toBe(false);
  });
  it('knows finished states and progress', () => {
    expect(isImportFinished('done')).toBe(true);
    expect(isImportFinished('failed')).toBe(true);
    expect(isImportFinished('running')).toBe(false);
    expect(importPercent({ processedRows: 5, totalRows: 20 })).toBe(25);
    expect(importPercent({ processedRows: 5, totalRows: 0 })).toBe(0);
  });
});
