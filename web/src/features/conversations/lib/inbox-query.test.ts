import { describe, expect, it } from 'vitest';
import { activeFilterCount, buildInboxQuery, EMPTY_INBOX_FILTERS, effectiveFilters, inboxPath } from './inbox-query';

describe('inbox query string', () => {
  it('sends every filter when not searching', () => {
    expect(buildInboxQuery({ ...EMPTY_INBOX_FILTERS, user: 4, unread: true, tags: ['vip', 'b'], span: 'today' })).toEqual({
      itemsPerPage: 15,
      user: 4,
      unread: 'true',
      'tags[]': ['b', 'vip'],
      span: 'today',
    });
  });

  it('drops the user and span filters while searching (spec part 1 §5), keeps unread and tags', () => {
    const f = { ...EMPTY_INBOX_FILTERS, search: '  bob ', user: 4, unread: true, tags: ['vip'], span: 'last_hour' as const };
    expect(buildInboxQuery(f)).toEqual({ itemsPerPage: 15, search: 'bob', unread: 'true', 'tags[]': ['vip'] });
    expect(effectiveFilters(f)).toMatchObject({ search: 'bob', user: null, span: null });
    expect(activeFilterCount(f)).toBe(2);
  });

  it('has only the page size with no filters and picks the archive endpoint', () => {
    expect(buildInboxQuery(EMPTY_INBOX_FILTERS)).toEqual({ itemsPerPage: 15 });
    expect(inboxPath({ archived: true })).toBe('/api/archived_customers');
    expect(inboxPath({ archived: false })).toBe('/api/customers');
  });
});
