import type { TDmsCustomer, TDmsRepairOrder, TDmsRepairOrderLine, TDmsServiceWriter } from '../dms.types';
import { xmlList, xmlText, xmlChild, type TXmlNode } from '../dms-xml';
import { dmsPhone, localTimeToInstant, moneyToCents, positiveIntOrNull, splitPersonName } from '../dms-values';

/** OpenTrack dates: `YYYYMMDD`, optionally `HHMM` appended (PromisedDateTime) or given apart (TimeIn 905 = 09:05); `0` = none. */
export function parseOtDate(o: { date: string; time?: string; timeZone: string }): Date | null {
  const d = o.date.trim();
  if (!/^\d{8}(\d{4})?$/.test(d)) return null;
  const joinedTime = d.length === 12 ? d.slice(8) : '';
  const time = joinedTime || (/^\d{1,4}$/.test(o.time?.trim() ?? '') ? o.time!.trim().padStart(4, '0') : '0000');
  const hour = Number(time.slice(0, 2));
  const minute = Number(time.slice(2, 4));
  if (hour > 23 || minute > 59) return null;
  return localTimeToInstant({ year: Number(d.slice(0, 4)), month: Number(d.slice(4, 6)), day: Number(d.slice(6, 8)), hour, minute, timeZone: o.timeZone });
}

function textOrNull(node: TXmlNode, name: string): string | null {
  const v = xmlText(node, name).trim();
  return v === '' ? null : v;
}

function customerOf(r: TXmlNode): TDmsCustomer | null {
  const key = textOrNull(r, 'CustomerKey') ?? textOrNull(r, 'CustomerNumber');
  if (key === null) return null;
  const phone = dmsPhone(xmlText(r, 'CustomerPhoneNumber'));
  return {
    dmsKey: key,
    ...splitPersonName(xmlText(r, 'CustomerName')),
    phones: phone ? [phone] : [],
    email: textOrNull(r, 'CustomerEmail')?.toLowerCase() ?? null,
  };
}

function vehicleOf(r: TXmlNode): TDmsRepairOrder['vehicle'] {
  const year = positiveIntOrNull(xmlText(r, 'ModelYear'));
  return {
    vin: textOrNull(r, 'VIN')?.toUpperCase() ?? null,
    make: textOrNull(r, 'Make'),
    model: textOrNull(r, 'Model'),
    year: year && year >= 1900 && year <= 2100 ? year : null,
    mileage: positiveIntOrNull(xmlText(r, 'OdometerOut')) ?? positiveIntOrNull(xmlText(r, 'OdometerIn')),
  };
}

/** Open RO detail rows: several rows share a ServiceLineNumber (labor, parts, up to five comment rows); one line each. */
function openLinesOf(r: TXmlNode): TDmsRepairOrderLine[] {
  const byNumber = new Map<string, { texts: string[]; cents: number; statuses: string[]; opCode: string }>();
  for (const d of xmlList(xmlChild(r, 'Details'), 'OpenRepairOrderDetail')) {
    const key = xmlText(d, 'ServiceLineNumber').trim();
    if (!key) continue;
    const line = byNumber.get(key) ?? { texts: [], cents: 0, statuses: [], opCode: '' };
    const comment = xmlText(d, 'Comments').trim();
    if (comment) line.texts.push(comment);
    line.cents += moneyToCents(xmlText(d, 'NetItemTotal')) || moneyToCents(xmlText(d, 'ActualRetailAmount')) || 0;
    const status = xmlText(d, 'LineStatus').trim();
    if (status) line.statuses.push(status);
    const op = xmlText(d, 'LaborOpCode').trim();
    if (op && op !== '*' && !line.opCode) line.opCode = op;
    byNumber.set(key, line);
  }
  return [...byNumber].map(([key, l]) => ({
    dmsLineKey: key,
    description: l.texts.join(' ') || l.opCode,
    priceCents: l.cents,
    status: l.statuses.length === 0 ? null : l.statuses.every((s) => s === 'C') ? 'complete' : 'open',
  }));
}

/** One `<Result>` of OpenRepairOrderLookup (§1.4). */
export function mapOpenRepairOrder(r: TXmlNode, timeZone: string): TDmsRepairOrder {
  const number = xmlText(r, 'RepairOrderNumber').trim();
  return {
    dmsKey: number,
    number,
    openedAt: parseOtDate({ date: xmlText(r, 'OpenTransactionDate'), time: xmlText(r, 'TimeIn'), timeZone }),
    closedAt: null,
    promisedAt: parseOtDate({ date: xmlText(r, 'PromisedDateTime'), timeZone }),
    status: 'open',
    vendorStatus: textOrNull(r, 'ROStatus'),
    serviceWriterId: textOrNull(r, 'ServiceWriterID'),
    customer: customerOf(r),
    vehicle: vehicleOf(r),
    lines: openLinesOf(r),
  };
}

function closedLinesOf(r: TXmlNode): TDmsRepairOrderLine[] {
  return xmlList(xmlChild(r, 'Details'), 'ClosedRepairOrderDetail').map((d) => {
    const labor = xmlList(xmlChild(d, 'LaborDetails'), 'Labor');
    const parts = xmlList(xmlChild(d, 'Parts'), 'Part');
    const comments = xmlList(xmlChild(d, 'Comments'), 'Comment').map((c) => xmlText(c, 'Text').trim());
    const laborCents = labor.reduce((sum, l) => sum + (moneyToCents(xmlText(l, 'LaborAmount')) ?? 0), 0);
    const partCents = parts.reduce((sum, p) => {
      const qty = Number(xmlText(p, 'Quantity')) || 1;
      return sum + Math.round((moneyToCents(xmlText(p, 'NetPrice')) ?? 0) * qty);
    }, 0);
    const opCode = labor.map((l) => xmlText(l, 'LaborOpCode').trim()).find((op) => op && op !== '*') ?? '';
    return {
      dmsLineKey: xmlText(d, 'LineNumber').trim(),
      description: comments.filter(Boolean).join(' ') || opCode,
      priceCents: laborCents + partCents,
      status: 'complete' as const,
    };
  });
}

/** One `<ClosedRepairOrder>` of GetClosedRepairOrders (§1.5); "closed" is the final close date, else the close date. */
export function mapClosedRepairOrder(r: TXmlNode, timeZone: string): TDmsRepairOrder {
  const number = xmlText(r, 'RepairOrderNumber').trim();
  return {
    dmsKey: number,
    number,
    openedAt: parseOtDate({ date: xmlText(r, 'OpenDate'), timeZone }),
    closedAt: parseOtDate({ date: xmlText(r, 'FinalCloseDate'), timeZone }) ?? parseOtDate({ date: xmlText(r, 'CloseDate'), timeZone }),
    promisedAt: null,
    status: 'closed',
    vendorStatus: textOrNull(r, 'RepairOrderType'),
    serviceWriterId: textOrNull(r, 'ServiceWriterID'),
    customer: customerOf(r),
    vehicle: vehicleOf(r),
    lines: closedLinesOf(r),
  };
}

/** One `<ServiceWriterRecord>` (§1.6). */
export function mapServiceWriter(r: TXmlNode): TDmsServiceWriter {
  return { id: xmlText(r, 'ID').trim(), name: xmlText(r, 'Name').trim(), email: null, active: xmlText(r, 'Active').trim().toUpperCase() !== 'N' };
}

/** One `<Result>` of CustomerLookup (§1.9). */
export function mapCustomer(r: TXmlNode): TDmsCustomer {
  const phones = ['CellPhone', 'PhoneNumber', 'BusinessPhone'].map((name) => dmsPhone(xmlText(r, name))).filter((p): p is string => p !== null);
  return {
    dmsKey: xmlText(r, 'CustomerNumber').trim(),
    firstName: textOrNull(r, 'FirstName'),
    lastName: textOrNull(r, 'LastName'),
    phones: [...new Set(phones)],
    email: (textOrNull(r, 'Email1') ?? textOrNull(r, 'Email2'))?.toLowerCase() ?? null,
  };
}
