import { describe, expect, it } from 'vitest';
import { ZDmsPushesQuerySchema, ZDmsSyncRequestSchema, ZDmsSyncRunsQuerySchema } from './dms-sync';

describe('DMS sync contracts', () => {
  it('takes a company id to sync and refuses anything else', () => {
    expect(ZDmsSyncRequestSchema.parse({ companyId: 4 })).toEqual({ companyId: 4 });
    for (const bad of [{}, { companyId: '4' }, { companyId: 0 }, { companyId: 4, extra: true }])
      expect(ZDmsSyncRequestSchema.safeParse(bad).success).toBe(false);
  });

  it('reads ids or IRIs in the list queries', () => {
    expect(ZDmsSyncRunsQuerySchema.parse({ companyId: '/api/companies/7' })).toEqual({ companyId: 7 });
    expect(ZDmsPushesQuerySchema.parse({ repairOrder: '12' })).toEqual({ repairOrder: 12 });
    expect(ZDmsPushesQuerySchema.safeParse({}).success).toBe(false);
    expect(ZDmsPushesQuerySchema.safeParse({ repairOrder: 'x' }).success).toBe(false);
  });
});
