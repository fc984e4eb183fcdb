import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { reportsKeys } from '../api/query-keys';
import { handleReportsLiveEvent } from './live';

describe('reports live events', () => {
  it('refetches the report lists on a reports event (a status change while generating)', () => {
    const c = new QueryClient();
    const spy = vi.spyOn(c, 'invalidateQueries');
    expect(handleReportsLiveEvent(c, { entity: 'reports' })).toBe(true);
    expect(spy).toHaveBeenCalledWith({ queryKey: reportsKeys.lists });
  });

  it('leaves other areas alone', () => {
    const c = new QueryClient();
    expect(handleReportsLiveEvent(c, { entity: 'error_report' })).toBe(false);
    expect(handleReportsLiveEvent(c, { entity: 'reminder' })).toBe(false);
    expect(handleReportsLiveEvent(c, { entity: 'reportsx' })).toBe(false);
  });
});
