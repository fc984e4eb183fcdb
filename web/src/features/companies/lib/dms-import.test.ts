import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { dmsImportAvailability, dmsImportErrorKey, dmsRunSummary } from './dms-import';

describe('dmsImportAvailability', () => {
  it('hides the import without a DMS type and disables it while the link is off', () => {
    expect(dmsImportAvailability({ dms: null })).toBe('hidden');
    expect(dmsImportAvailability({ dms: { dmsType: null, enabled: true } })).toBe('hidden');
    expect(dmsImportAvailability({ dms: { dmsType: 'vendor_b' } })).toBe('disabled');
    expect(dmsImportAvailability({ dms: { dmsType: 'vendor_a', enabled: false } })).toBe('disabled');
    expect(dmsImportAvailability({ dms: { dmsType: 'vendor_a', enabled: true } })).toBe('ready');
  });
});

describe('dmsImportErrorKey', () => {
  it("names the server's two refusals and nothing else", () => {
    const off = new ApiError(
      422,
      { detail: 'dms: dms_not_enabled', violations: [{ propertyPath: 'dms', message: 'dms_not_enabled' }] },
      'dms: dms_not_enabled',
    );
    const noLogin = new ApiError(409, { detail: 'No connection…', code: 'dms_not_connected' }, 'No connection…');
    expect(dmsImportErrorKey(off)).toBe('dms_not_enabled');
    expect(dmsImportErrorKey(noLogin)).toBe('dms_not_connected');
    expect(dmsImportErrorKey(new ApiError(409, { detail: 'Other' }, 'Other'))).toBeNull();
    expect(dmsImportErrorKey(new ApiError(403, { code: 'dms_not_connected' }, 'Forbidden'))).toBeNull();
    expect(dmsImportErrorKey(new Error('dms_not_enabled'))).toBeNull();
  });
});

describe('dmsRunSummary', () => {
  it('reads absent counters as zero and adds up every skipped reason', () => {
    expect(dmsRunSummary({})).toEqual({ ordersRead: 0, ordersCreated: 0, ordersUpdated: 0, customersCreated: 0, vehiclesCreated: 0, skipped: 0 });
    expect(
      dmsRunSummary({
        ordersRead: 9,
        ordersCreated: 4,
        ordersUpdated: 2,
        ordersUnchanged: 1,
        customersCreated: 3,
        customersMatched: 1,
        vehiclesCreated: 2,
        skippedNoPhone: 1,
        skippedBlockedWriter: 1,
      }),
    ).toEqual({ ordersRead: 9, ordersCreated: 4, ordersUpdated: 2, customersCreated: 3, vehiclesCreated: 2, skipped: 2 });
  });
});
