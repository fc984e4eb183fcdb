import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TCompanyService } from '@cd/contracts/company-service';
import type { TLiveEvent } from '@cd/contracts/live';
import { ME_QUERY_KEY } from '../../../lib/current-user';
import { companyServicesQueryKey } from '../api/get-company-services';
import { handleCompaniesLiveEvent } from './live-updates';

const svc = (id: number, title: string): TCompanyService => ({
  '@id': `/api/company_services/${id}`,
  '@type': 'CompanyService',
  id,
  company: '/api/companies/7',
  title,
  description: '',
  duration: 30,
  price: 100,
  createdAt: '',
  updatedAt: '',
});
const ev = (event: TLiveEvent['event'], data: unknown, entity = 'company_service'): TLiveEvent => ({ event, entity, action: null, data, changes: null, id: '1', extra: null });

describe('handleCompaniesLiveEvent', () => {
  it('a company event marks that company and the signed-in user stale, nothing else', () => {
    const qc = new QueryClient();
    qc.setQueryData(['company', 7], { id: 7 });
    qc.setQueryData(['company', 8], { id: 8 });
    qc.setQueryData(companyServicesQueryKey(7), []);
    qc.setQueryData(ME_QUERY_KEY, { id: 1 });
    expect(handleCompaniesLiveEvent(qc, ev('updated', { '@id': '/api/companies/7', id: 7 }, 'company'))).toBe(true);
    const stale = (key: readonly unknown[]) => qc.getQueryState(key)!.isInvalidated;
    expect(stale(['company', 7])).toBe(true);
    expect(stale(ME_QUERY_KEY)).toBe(true);
    expect(stale(['company', 8])).toBe(false);
    expect(stale(companyServicesQueryKey(7))).toBe(false);
  });

  it('ignores other entities', () => {
    expect(handleCompaniesLiveEvent(new QueryClient(), ev('created', svc(1, 'a'), 'customer'))).toBe(false);
  });

  it('a company_user event marks every loaded users list stale, nothing else', () => {
    const qc = new QueryClient();
    qc.setQueryData(['company', 7, 'users'], []);
    qc.setQueryData(['company', 7, 'users', 'all'], []);
    qc.setQueryData(companyServicesQueryKey(7), []);
    expect(handleCompaniesLiveEvent(qc, ev('updated', { '@id': '/api/users/3', id: 3 }, 'company_user'))).toBe(true);
    expect(qc.getQueryState(['company', 7, 'users'])!.isInvalidated).toBe(true);
    expect(qc.getQueryState(['company', 7, 'users', 'all'])!.isInvalidated).toBe(true);
    expect(qc.getQueryState(companyServicesQueryKey(7))!.isInvalidated).toBe(false);
  });

  it('applies created, updated and removed services to the loaded list of their company', () => {
    const qc = new QueryClient();
    const key = companyServicesQueryKey(7);
    qc.setQueryData(key, [svc(1, 'Brakes')]);
    expect(handleCompaniesLiveEvent(qc, ev('created', svc(2, 'Alignment')))).toBe(true);
    expect(qc.getQueryData<TCompanyService[]>(key)!.map((s) => s.title)).toEqual(['Alignment', 'Brakes']);
    handleCompaniesLiveEvent(qc, ev('updated', { ...svc(1, 'Brakes'), price: 999 }));
    expect(qc.getQueryData<TCompanyService[]>(key)!.find((s) => s.id === 1)!.price).toBe(999);
    handleCompaniesLiveEvent(qc, ev('removed', svc(2, 'Alignment')));
    expect(qc.getQueryData<TCompanyService[]>(key)!.map((s) => s.id)).toEqual([1]);
    // Another company's list is untouched; a list that was never loaded stays unloaded.
    expect(qc.getQueryData(companyServicesQueryKey(8))).toBeUndefined();
  });

  it('refetches when the event carries no usable service', () => {
    const qc = new QueryClient();
    const key = companyServicesQueryKey(7);
    qc.setQueryData(key, [svc(1, 'Brakes')]);
    expect(handleCompaniesLiveEvent(qc, ev('updated', null))).toBe(true);
    expect(qc.getQueryState(key)!.isInvalidated).toBe(true);
  });
});
