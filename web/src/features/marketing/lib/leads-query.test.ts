import { describe, expect, it } from 'vitest';
import { EMPTY_LEAD_FILTERS, idOfIri, leadApiQuery, readLeadFilters, writeLeadFilters } from './leads-query';

describe('lead filters', () => {
  it('round-trips through the address', () => {
    const filters = { source: 'keyword', status: 'new', agent: 7, listing: 12 } as const;
    expect(readLeadFilters(new URLSearchParams(writeLeadFilters(filters)))).toEqual(filters);
  });

  it('drops unknown or malformed values', () => {
    const params = new URLSearchParams({ source: 'spam', status: 'x', agent: '-1', listing: '1e9' });
    expect(readLeadFilters(params)).toEqual(EMPTY_LEAD_FILTERS);
    expect(readLeadFilters(new URLSearchParams({ agent: '0' })).agent).toBeNull();
  });

  it('sends ids as IRIs and leaves empty filters out', () => {
    expect(leadApiQuery(EMPTY_LEAD_FILTERS)).toEqual({});
    expect(leadApiQuery({ source: '', status: 'closed', agent: 3, listing: null })).toEqual({ status: 'closed', agent: '/api/users/3' });
  });

  it('reads ids from IRIs', () => {
    expect(idOfIri('/api/customers/42')).toBe(42);
    expect(idOfIri(null)).toBeNull();
    expect(idOfIri('/api/customers/x')).toBeNull();
  });
});
