import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TCompany } from '@cd/contracts/company';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TLiveEvent } from '@cd/contracts/live';
import { dispatchLiveEvent } from '../app/shell/live-dispatch';
import { companiesQueryOptions } from './get-companies';

const ev = (entity: string): TLiveEvent => ({
  event: 'updated',
  entity,
  action: null,
  data: { '@id': '/api/companies/7', id: 7 },
  changes: ['name'],
  id: '1',
  extra: null,
});
const empty: THydraCollection<TCompany> = { '@context': '/api/contexts/Company', '@id': '/api/companies', '@type': 'Collection', member: [], totalItems: 0 };
const ctx = { userId: 9, userIri: '/api/users/9', isAdmin: true };

describe('shared companies list (companies screen, impersonation picker)', () => {
  it('a company live event marks both lists stale; other events leave them alone', () => {
    const qc = new QueryClient();
    const page = companiesQueryOptions({ params: { page: 2, itemsPerPage: 20, name: '' } }).queryKey;
    const picker = companiesQueryOptions({ params: { page: 1, itemsPerPage: 30, name: 'ac' }, asRealUser: true }).queryKey;
    // Asked as another identity, the same page is another cache entry.
    expect(picker).not.toEqual(companiesQueryOptions({ params: { page: 1, itemsPerPage: 30, name: 'ac' } }).queryKey);
    qc.setQueryData(page, empty);
    qc.setQueryData(picker, empty);
    const stale = (key: readonly unknown[]) => qc.getQueryState(key)!.isInvalidated;

    dispatchLiveEvent(qc, ev('company_user'), ctx, () => undefined);
    expect(stale(page) || stale(picker)).toBe(false);
    expect(dispatchLiveEvent(qc, ev('company'), ctx, () => undefined)).toBe(true);
    expect(stale(page) && stale(picker)).toBe(true);
  });
});
