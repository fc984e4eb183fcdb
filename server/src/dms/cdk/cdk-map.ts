import type { TDmsCustomer, TDmsRepairOrder, TDmsRepairOrderLine, TDmsServiceWriter } from '../dms.types';
import { dmsPhone, localTimeToInstant, moneyToCents, positiveIntOrNull, splitPersonName } from '../dms-values';

/** Fortellis JSON as received: every field optional and loosely typed (CONSTRUCTED shapes, protocol doc §2.4). */
type TJson = Record<string, unknown>;
const obj = (v: unknown): TJson => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as TJson) : {});
const arr = (v: unknown): TJson[] => (Array.isArray(v) ? v.map(obj) : []);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null);

/**
 * A CDK date: a full ISO timestamp with a zone is taken as is; a bare date ("2024-05-01", "20240501") with an
 * optional separate time ("17:00", "1700") is the dealership's wall time.
 */
export function parseCdkDate(o: { date: unknown; time?: unknown; timeZone: string }): Date | null {
  const date = str(o.date);
  if (!date) return null;
  if (/T.*(Z|[+-]\d\d:?\d\d)$/.test(date)) {
    const t = Date.parse(date);
    return Number.isFinite(t) ? new Date(t) : null;
  }
  const m = /^(\d{4})-?(\d{2})-?(\d{2})(?:[T ](\d{2}):?(\d{2}))?/.exec(date);
  if (!m) return null;
  const t = /^(\d{1,2}):?(\d{2})/.exec(str(o.time) ?? '');
  const hour = Number(m[4] ?? t?.[1] ?? 0);
  const minute = Number(m[5] ?? t?.[2] ?? 0);
  if (hour > 23 || minute > 59) return null;
  return localTimeToInstant({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour, minute, timeZone: o.timeZone });
}

export function mapCdkCustomer(raw: unknown): TDmsCustomer | null {
  const c = obj(raw);
  const key = str(c.customerId) ?? str(c.custId) ?? str(c.id);
  if (!key) return null;
  const named = str(c.firstName) || str(c.lastName) ? { firstName: str(c.firstName), lastName: str(c.lastName) } : splitPersonName(str(c.name1) ?? '');
  const phones = arr(c.phoneNumbers ?? c.phones)
    .map((p) => dmsPhone(str(p.number) ?? str(p.value)))
    .filter((p): p is string => p !== null);
  const emails = arr(c.emailAddresses ?? c.emails)
    .map((e) => str(e.address) ?? str(e.value))
    .filter((e): e is string => e !== null);
  return { dmsKey: key, ...named, phones: [...new Set(phones)], email: (emails[0] ?? str(c.email))?.toLowerCase() ?? null };
}

function lineOf(op: TJson): TDmsRepairOrderLine | null {
  const line = Object.keys(obj(op.line)).length > 0 ? obj(op.line) : op;
  const key = str(line.lineCode) ?? str(line.serviceLineId);
  if (!key) return null;
  const labor = arr(line.laborOperations);
  const cents = labor.reduce((sum, l) => {
    const parts = arr(l.parts ?? l.includedParts).reduce((s, p) => s + (moneyToCents(str(p.sale) ?? str(p.saleAmount)) ?? 0), 0);
    return sum + (moneyToCents(str(l.sale) ?? str(l.saleAmount)) ?? 0) + parts;
  }, 0);
  const status = `${str(line.statusCode) ?? ''} ${str(line.statusDesc) ?? ''}`.trim();
  return {
    dmsLineKey: key,
    description: str(line.serviceRequest) ?? str(labor[0]?.opCodeDesc) ?? '',
    priceCents: cents,
    status: status === '' ? null : /^C\b|complete|closed/i.test(status) ? 'complete' : 'open',
  };
}

/** One Get Repair Order (v3) record. "Closed" is the posted (final) date when there is one, else the close date. */
export function mapCdkRepairOrder(raw: unknown, o: { status: 'open' | 'closed'; timeZone: string }): TDmsRepairOrder | null {
  const r = obj(raw);
  const number = str(r.roNumber);
  if (!number) return null;
  const v = obj(r.vehicle);
  const year = positiveIntOrNull(str(v.year));
  return {
    dmsKey: number,
    number,
    openedAt: parseCdkDate({ date: r.openDate, time: r.openTime, timeZone: o.timeZone }),
    closedAt: parseCdkDate({ date: r.postedDate, timeZone: o.timeZone }) ?? parseCdkDate({ date: r.closedDate, timeZone: o.timeZone }),
    promisedAt: parseCdkDate({ date: r.promisedDate, time: r.promisedTime, timeZone: o.timeZone }),
    status: o.status,
    vendorStatus: str(r.statusDesc) ?? str(r.statusCode),
    serviceWriterId: str(r.serviceAdvisor),
    customer: mapCdkCustomer(r.customer),
    vehicle: {
      vin: str(v.vin)?.toUpperCase() ?? null,
      make: str(v.make),
      model: str(v.model),
      year: year && year >= 1900 && year <= 2100 ? year : null,
      mileage: positiveIntOrNull(str(r.mileageOut)) ?? positiveIntOrNull(str(r.mileage)),
    },
    lines: arr(r.operations)
      .map(lineOf)
      .filter((l): l is TDmsRepairOrderLine => l !== null),
  };
}

/** The service-advisor lookup; its shape is not documented (UNCERTAIN), so the usual spellings are accepted. */
export function mapCdkServiceAdvisors(raw: unknown): TDmsServiceWriter[] {
  const body = obj(raw);
  const list = Array.isArray(raw) ? arr(raw) : arr(body.items ?? body.data ?? body.serviceAdvisors);
  return list.flatMap((a) => {
    const id = str(a.serviceAdvisorId) ?? str(a.advisorId) ?? str(a.id);
    if (!id) return [];
    const name = str(a.name) ?? [str(a.firstName), str(a.lastName)].filter(Boolean).join(' ');
    const active = a.active ?? a.isActive;
    return [{ id, name, email: str(a.email) ?? str(a.emailAddress), active: active !== false && active !== 'N' }];
  });
}
