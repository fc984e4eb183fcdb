import type { TCompany } from '@cd/contracts/company';
import type { TDmsSyncRun } from '@cd/contracts/dms-sync';
import { ApiError } from '../../../lib/api-client';

/** hidden: no DMS type chosen; disabled: a type but the link is off (the server would answer 422 dms_not_enabled). */
export function dmsImportAvailability(company: Pick<TCompany, 'dms'>): 'hidden' | 'disabled' | 'ready' {
  if (!company.dms?.dmsType) return 'hidden';
  return company.dms.enabled ? 'ready' : 'disabled';
}

/**
 * The catalogue key for the server's refusal of POST /api/dms/sync, or null when it is something else (then the
 * caller shows the server's description). 422 carries the reason as a violation, 409 as a `code` member.
 */
export function dmsImportErrorKey(err: unknown): 'dms_not_enabled' | 'dms_not_connected' | null {
  if (!(err instanceof ApiError)) return null;
  if (err.status === 422 && err.violations.some((v) => v.message === 'dms_not_enabled')) return 'dms_not_enabled';
  const body = err.body as { code?: unknown } | null;
  if (err.status === 409 && body?.code === 'dms_not_connected') return 'dms_not_connected';
  return null;
}

// A type, not an interface: it is passed to t() as interpolation values, which need an index signature.
export type TDmsRunSummary = {
  ordersRead: number;
  ordersCreated: number;
  ordersUpdated: number;
  customersCreated: number;
  vehiclesCreated: number;
  /** All `skipped*` counters together (blocked writers or customers, no phone, internal orders, number conflicts). */
  skipped: number;
};

/** The counters the runs list shows; the server leaves out those that stayed zero. */
export function dmsRunSummary(counts: TDmsSyncRun['counts']): TDmsRunSummary {
  const n = (key: string) => counts[key] ?? 0;
  const skipped = Object.entries(counts).reduce((sum, [key, value]) => (key.startsWith('skipped') ? sum + value : sum), 0);
  return {
    ordersRead: n('ordersRead'),
    ordersCreated: n('ordersCreated'),
    ordersUpdated: n('ordersUpdated'),
    customersCreated: n('customersCreated'),
    vehiclesCreated: n('vehiclesCreated'),
    skipped,
  };
}
