import { describe, expect, it } from 'vitest';
import type { TCustomer } from '@cd/contracts/customer';
import { activeFilterCount, buildInboxQuery, EMPTY_INBOX_FILTERS, effectiveFilters, inboxPath } from './inbox-query';
import { customerFitsList } from './live-cache';

/** The unassigned queue (issue 21): its own endpoint, no filters, and only unowned, unarchived conversations fit it. */
describe('unassigned inbox filter', () => {
  const queue = { ...EMPTY_INBOX_FILTERS, unassigned: true, search: 'bob', user: 4, unread: true, tags: ['vip'], span: 'today' as const };

  it('asks the queue endpoint with only the page size, whatever else was picked', () => {
    expect(inboxPath(queue)).toBe('/api/routing/unassigned');
    expect(buildInboxQuery(queue)).toEqual({ itemsPerPage: 15 });
    expect(activeFilterCount(queue)).toBe(0);
    // One cache entry for the queue, distinct from the inbox's.
    expect(effectiveFilters(queue)).toEqual({ ...EMPTY_INBOX_FILTERS, unassigned: true });
    expect(effectiveFilters({ ...EMPTY_INBOX_FILTERS })).toMatchObject({ unassigned: false });
    expect(inboxPath({ ...EMPTY_INBOX_FILTERS })).toBe('/api/customers');
  });

  it('lets a live customer event keep only unowned, unarchived conversations in the queue, for agents too', () => {
    const agent = { userId: 7, isAdmin: false, userIri: '/api/users/7' };
    const c = (user: string | null, archived = false) => ({ id: 1, user, archived, read: false }) as unknown as TCustomer;
    const f = { ...EMPTY_INBOX_FILTERS, unassigned: true };
    expect(customerFitsList(c(null), f, agent)).toBe(true);
    expect(customerFitsList(c('/api/users/7'), f, agent)).toBe(false);
    expect(customerFitsList(c('/api/users/8'), f, { userId: 1, isAdmin: true, userIri: '/api/users/1' })).toBe(false);
    expect(customerFitsList(c(null, true), f, agent)).toBe(false);
  });
});
