import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { isValidPhone } from '@cd/contracts/validators';
import { isValidVin, normalizeVin } from '@cd/contracts/vin';
import type { TAppDeps } from '../../context';
import type { TTx } from '../../db/client';
import type { TDmsAdapter, TDmsRepairOrder } from '../../dms/dms';
import { customerEvent, findOrCreateCustomerByPhone } from '../customers/customers.api';
import { loadOrder, orderEvent, presentOrder, repairOrderClosed, type TEmit, type TRepairOrderRow } from '../repair-orders/repair-orders.api';
import { loadVehicle, vehicleEvent } from '../vehicles/vehicles.api';
import type { TDmsSettings } from './dms-sync.adapter';
import * as repo from './dms-sync.repository';
import type { TDmsType } from './dms-sync.schema';

/** First import (or after a day without a successful one): closed orders of this many past days. */
export const CLOSED_LOOKBACK_DAYS = 31;
/** A delta import starts this long before the last successful one began (clock skew, slow vendor commits). */
const DELTA_OVERLAP_MS = 10 * 60_000;
const TITLE_MAX = 200;

export type TImportCounts = Record<
  | 'ordersCreated'
  | 'ordersUpdated'
  | 'ordersUnchanged'
  | 'skippedBlockedWriter'
  | 'skippedBlockedCustomer'
  | 'skippedNoCustomer'
  | 'skippedNumberConflict'
  | 'skippedNoPhone'
  | 'customersCreated'
  | 'customersMatched'
  | 'vehiclesCreated'
  | 'linesCreated'
  | 'linesUpdated',
  number
>;

export function emptyImportCounts(): TImportCounts {
  return {
    ordersCreated: 0,
    ordersUpdated: 0,
    ordersUnchanged: 0,
    skippedBlockedWriter: 0,
    skippedBlockedCustomer: 0,
    skippedNoCustomer: 0,
    skippedNumberConflict: 0,
    skippedNoPhone: 0,
    customersCreated: 0,
    customersMatched: 0,
    vehiclesCreated: 0,
    linesCreated: 0,
    linesUpdated: 0,
  };
}

/**
 * Reads everything first (open orders, then closed ones; a closed copy wins over an open one), so a vendor error
 * or timeout happens before anything is written. `full` reads all open orders and 31 days of closed ones; a delta
 * read starts shortly before the last successful import.
 */
export async function fetchDmsOrders(opts: { adapter: TDmsAdapter; lastDoneAt: Date | null; now: Date }): Promise<TDmsRepairOrder[]> {
  const { adapter, lastDoneAt, now } = opts;
  const delta = lastDoneAt !== null && now.getTime() - lastDoneAt.getTime() < 24 * 3600_000;
  const open = await adapter.listOpenRepairOrders(delta ? { modifiedSince: new Date(lastDoneAt.getTime() - DELTA_OVERLAP_MS) } : {});
  const closedSince = delta ? new Date(lastDoneAt.getTime() - 24 * 3600_000) : new Date(now.getTime() - CLOSED_LOOKBACK_DAYS * 24 * 3600_000);
  const closed = await adapter.listClosedRepairOrders({ since: closedSince, until: now });
  const byKey = new Map<string, TDmsRepairOrder>();
  for (const o of [...open, ...closed]) byKey.set(o.dmsKey, o);
  return [...byKey.values()];
}

/**
 * A DMS phone in E.164 for the company's country; null when it cannot be a reachable number. Dealertrack often holds
 * 7 digits without the area code: in North America the dealership's own area code (from the company phone) is the
 * best guess, as the DMS clerk typed a local number.
 */
export function normalizeDmsPhone(digits: string, country: string, companyPhone: string | null = null): string | null {
  const area = /^\+1(\d{3})\d{7}$/.exec(companyPhone ?? '')?.[1];
  if (digits.length === 7 && area) digits = `${area}${digits}`;
  try {
    const parsed = parsePhoneNumberFromString(digits, country.toUpperCase() as CountryCode);
    if (parsed?.isValid()) return parsed.number;
  } catch {
    // not a number libphonenumber can read
  }
  // North American test numbers (+1555...) are accepted by the app (spec part 1 §5) though not "valid" numbers.
  const nanp = digits.length === 10 ? `+1${digits}` : digits.length === 11 && digits.startsWith('1') ? `+${digits}` : null;
  return nanp && isValidPhone(nanp) ? nanp : null;
}

const normText = (s: string) => s.trim().replace(/\s+/g, ' ').toUpperCase();

interface TImportContext {
  tx: TTx;
  companyId: number;
  country: string;
  companyPhone: string | null;
  dmsVendor: TDmsType;
  defaultOwnerId: number | null;
  writers: Map<string, { id: number; enabled: boolean }>;
  counts: TImportCounts;
  now: Date;
  deps: Pick<TAppDeps, 'config'>;
  emit: TEmit;
  createdVehicleIds: number[];
}

/**
 * Writes the DMS orders (in the caller's transaction). Rules, so that nothing staff did is lost and a second run
 * with the same data changes nothing:
 * - an order is found by (vendor, DMS key), else a local order with the same number and no DMS key is adopted;
 * - the DMS wins for what it owns: number, opening and promised times, and, when it lists lines, the title (first
 *   line) and the price (sum of its lines); the customer, the work status and the mechanic stay as staff set them;
 *   an order closed at the DMS is closed here (completed), an order closed here stays closed;
 * - the service advisor follows the DMS writer when a user carries that writer's id;
 * - DMS lines are matched by their line key (or, for lines we pushed, by text); their text and price follow the DMS,
 *   their approval status is never touched; lines we pushed keep our text and price; local lines the DMS does not
 *   know are kept.
 * Live events go to `emit` (recorded in this transaction, broadcast after its commit, like the modules' own writes):
 * one per created or changed order, created vehicle and created customer. An unchanged order emits nothing, so an
 * idempotent run is silent.
 */
export async function applyDmsOrders(
  tx: TTx,
  opts: {
    companyId: number;
    country: string;
    companyPhone: string | null;
    dmsVendor: TDmsType;
    settings: TDmsSettings;
    defaultOwnerId: number | null;
    orders: TDmsRepairOrder[];
    now: Date;
    deps: Pick<TAppDeps, 'config'>;
    emit: TEmit;
  },
): Promise<TImportCounts> {
  const counts = emptyImportCounts();
  const blockedWriters = new Set((opts.settings.dtBlockedServiceWriters ?? []).map((s) => s.trim()));
  const blockedCustomers = new Set((opts.settings.dtBlockedCustomerKeys ?? []).map((s) => s.trim()));
  const writerIds = [...new Set(opts.orders.map((o) => o.serviceWriterId).filter((id): id is string => !!id))];
  const ctx: TImportContext = {
    tx,
    companyId: opts.companyId,
    country: opts.country,
    companyPhone: opts.companyPhone,
    dmsVendor: opts.dmsVendor,
    defaultOwnerId: opts.defaultOwnerId,
    writers: await repo.findUsersByDmsIds(tx, { companyId: opts.companyId, dmsVendor: opts.dmsVendor, ids: writerIds }),
    counts,
    now: opts.now,
    deps: opts.deps,
    emit: opts.emit,
    createdVehicleIds: [],
  };
  for (const order of opts.orders) {
    if (order.serviceWriterId && blockedWriters.has(order.serviceWriterId)) counts.skippedBlockedWriter++;
    // CustomerKey 0 is the dealership's own internal work (inventory, get-ready): no customer to talk to.
    else if (!order.customer || /^0*$/.test(order.customer.dmsKey)) counts.skippedNoCustomer++;
    else if (blockedCustomers.has(order.customer.dmsKey)) counts.skippedBlockedCustomer++;
    else await applyOrder(ctx, order);
  }
  // Announced after the orders are written, so the open-order count the event carries includes them.
  for (const id of ctx.createdVehicleIds) ctx.emit([vehicleEvent(await loadVehicle(tx, { companyId: ctx.companyId, id }), 'created')]);
  return counts;
}

/** The order's customer: known by its DMS key, else by phone, else created; null when it has no reachable phone. */
async function resolveCustomerId(ctx: TImportContext, order: TDmsRepairOrder, ownerId: number | null): Promise<number | null> {
  const c = order.customer!;
  const known = await repo.findCustomerIdByDmsKey(ctx.tx, { companyId: ctx.companyId, dmsVendor: ctx.dmsVendor, dmsKey: c.dmsKey });
  if (known !== null) {
    ctx.counts.customersMatched++;
    return known;
  }
  const phone = c.phones.map((p) => normalizeDmsPhone(p, ctx.country, ctx.companyPhone)).find((p): p is string => !!p) ?? null;
  // A customer here is a conversation: without a number to text (or a Viber id) there is no one to create.
  if (!phone) return null;
  const { customer, isNew } = await findOrCreateCustomerByPhone(ctx.tx, {
    companyId: ctx.companyId,
    phone,
    firstName: titleCase(c.firstName ?? ''),
    lastName: titleCase(c.lastName ?? ''),
    email: c.email,
    ownerId,
    now: ctx.now,
  });
  if (isNew) {
    ctx.counts.customersCreated++;
    // An open inbox lists the new conversation at once.
    ctx.emit([customerEvent(customer, 'created')]);
  } else ctx.counts.customersMatched++;
  await repo.insertCustomerKey(ctx.tx, { companyId: ctx.companyId, dmsVendor: ctx.dmsVendor, dmsKey: c.dmsKey, customerId: customer.id });
  return customer.id;
}

/** DMS names come in capitals ("DOE"); people read "Doe". */
function titleCase(s: string): string {
  return s
    .trim()
    .toLowerCase()
    .replace(/(^|[\s'-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

/** The vehicle by VIN (or, without a valid one, by a DMS key made of the raw VIN or the order); created when new. */
async function resolveVehicleId(ctx: TImportContext, order: TDmsRepairOrder, customerId: number): Promise<number | null> {
  const v = order.vehicle;
  const raw = v.vin ? normalizeVin(v.vin) : null;
  const vin = raw && isValidVin(raw) ? raw : null;
  const dmsKey = vin ? null : raw ? `vin:${raw}` : `ro:${order.dmsKey}`;
  const found = await repo.findVehicle(ctx.tx, { companyId: ctx.companyId, vin, dmsKey });
  if (found) {
    // Odometers only go up: a lower DMS reading is an older order, not a new fact.
    if (v.mileage !== null && v.mileage > found.mileage)
      await repo.updateVehicle(ctx.tx, { companyId: ctx.companyId, id: found.id, values: { mileage: v.mileage } });
    return found.id;
  }
  // A vehicle needs a model year; without one (and without any VIN) the order comes without a vehicle.
  if (v.year === null || (!vin && !raw && !v.make)) return null;
  const row = await repo.insertVehicle(ctx.tx, {
    companyId: ctx.companyId,
    customerId,
    make: v.make ?? 'Unknown',
    model: v.model ?? 'Unknown',
    year: v.year,
    mileage: v.mileage ?? 0,
    vin,
    dmsKey,
  });
  ctx.counts.vehiclesCreated++;
  ctx.createdVehicleIds.push(row.id);
  return row.id;
}

function titleOf(order: TDmsRepairOrder): string {
  const first = order.lines.find((l) => l.description.trim())?.description.trim();
  return (first ?? `Repair order ${order.number}`).slice(0, TITLE_MAX);
}

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

async function applyOrder(ctx: TImportContext, order: TDmsRepairOrder): Promise<void> {
  const { tx, companyId, dmsVendor, now } = ctx;
  let existing: TRepairOrderRow | undefined = await repo.findOrderByDmsKey(tx, { companyId, dmsVendor, dmsKey: order.dmsKey });
  if (!existing) {
    const sameNumber = await repo.findOrderByNumber(tx, { companyId, number: order.number });
    if (sameNumber && sameNumber.dmsKey !== null) {
      ctx.counts.skippedNumberConflict++;
      return;
    }
    existing = sameNumber;
  }
  const writer = order.serviceWriterId ? ctx.writers.get(order.serviceWriterId) : undefined;
  const hasLines = order.lines.length > 0;
  const priceCents = order.lines.reduce((sum, l) => sum + l.priceCents, 0);
  const closed = order.status === 'closed' && order.closedAt !== null;

  let orderId: number;
  /** The order's changed fields as the resource names them; null when it was created. */
  let changes: string[] | null;
  if (!existing) {
    const customerId = await resolveCustomerId(ctx, order, writer?.id ?? ctx.defaultOwnerId);
    if (customerId === null) {
      ctx.counts.skippedNoPhone++;
      return;
    }
    const vehicleId = await resolveVehicleId(ctx, order, customerId);
    const row = await repo.insertOrder(tx, {
      companyId,
      customerId,
      vehicleId,
      number: order.number,
      title: titleOf(order),
      priceCents,
      status: closed ? 'completed' : 'new',
      serviceAdvisorId: writer?.id ?? null,
      openedAt: order.openedAt ?? now,
      promisedAt: order.promisedAt,
      closedAt: closed ? order.closedAt : null,
      dmsVendor,
      dmsKey: order.dmsKey,
      dmsSyncedAt: now,
    });
    ctx.counts.ordersCreated++;
    orderId = row.id;
    changes = null;
  } else {
    orderId = existing.id;
    const values: Parameters<typeof repo.updateOrder>[1]['values'] = {};
    if (existing.dmsKey === null) Object.assign(values, { dmsVendor, dmsKey: order.dmsKey });
    if (existing.number !== order.number) {
      const taken = await repo.findOrderByNumber(tx, { companyId, number: order.number });
      if (taken) ctx.counts.skippedNumberConflict++;
      else values.number = order.number;
    }
    if (hasLines && existing.title !== titleOf(order)) values.title = titleOf(order);
    if (hasLines && existing.priceCents !== priceCents) values.priceCents = priceCents;
    if (order.openedAt && !sameTime(existing.openedAt, order.openedAt)) values.openedAt = order.openedAt;
    if (order.promisedAt && !sameTime(existing.promisedAt, order.promisedAt)) values.promisedAt = order.promisedAt;
    if (closed && existing.closedAt === null) Object.assign(values, { closedAt: order.closedAt, status: 'completed' });
    if (writer && existing.serviceAdvisorId !== writer.id) values.serviceAdvisorId = writer.id;
    if (existing.vehicleId === null) {
      const vehicleId = await resolveVehicleId(ctx, order, existing.customerId);
      if (vehicleId !== null) values.vehicleId = vehicleId;
    }
    const changed = Object.keys(values).length > 0;
    // dms_synced_at says when the DMS last confirmed the order; updated_at moves only when something changed.
    await repo.updateOrder(tx, { companyId, id: orderId, values: changed ? { ...values, updatedAt: now, dmsSyncedAt: now } : { dmsSyncedAt: now } });
    if (changed) ctx.counts.ordersUpdated++;
    else ctx.counts.ordersUnchanged++;
    changes = Object.keys(values).map((k) => RESOURCE_FIELD[k] ?? k);
  }
  if (await applyLines(ctx, order, orderId)) changes?.push('repairOrderLines');
  // The DMS closed it: its survey is planned as when staff close it (an order closed long ago gets none).
  if (closed && (existing === undefined || existing.closedAt === null)) {
    const closedRow = await loadOrder(tx, { companyId, id: orderId });
    await repairOrderClosed.run({ tx, deps: ctx.deps, order: closedRow, emit: ctx.emit });
    if (closedRow.surveyId === null && (await loadOrder(tx, { companyId, id: orderId })).surveyId !== null) changes?.push('survey');
  }
  // One event per created or changed order, with its lines as they now are; dms_synced_at alone is no news.
  if (changes === null || changes.length) {
    const row = await loadOrder(tx, { companyId, id: orderId });
    ctx.emit([orderEvent(await presentOrder(tx, { deps: ctx.deps, order: row }), companyId, changes === null ? 'created' : 'updated', changes ?? undefined)]);
  }
}

/** Row keys whose resource field has another name (as repair-orders names them in its events). */
const RESOURCE_FIELD: Record<string, string> = { vehicleId: 'vehicle', priceCents: 'price', serviceAdvisorId: 'serviceAdvisor' };

/** Writes the order's DMS lines; true when a line was added or changed. */
async function applyLines(ctx: TImportContext, order: TDmsRepairOrder, orderId: number): Promise<boolean> {
  const { tx, companyId } = ctx;
  let touched = false;
  const local = existingLinesIndex(await repo.listOrderLines(tx, { companyId, repairOrderId: orderId }));
  for (const line of order.lines) {
    const description = line.description.trim() || `Line ${line.dmsLineKey}`;
    const mine = local.byKey.get(line.dmsLineKey);
    // A line we pushed keeps our text and price: the DMS copy was made from it (Dealertrack gets no price at all).
    if (mine?.dmsPushedAt) continue;
    if (mine) {
      const values: { description?: string; priceCents?: number } = {};
      if (mine.description !== description) values.description = description;
      if (mine.priceCents !== line.priceCents) values.priceCents = line.priceCents;
      if (Object.keys(values).length) {
        await repo.updateLine(tx, { companyId, id: mine.id, values });
        ctx.counts.linesUpdated++;
        touched = true;
      }
      continue;
    }
    // A line we pushed whose key the vendor did not tell us: recognise it by its text, never add it twice.
    const pushed = local.pushedWithoutKey.find((l) => normText(l.description) === normText(description));
    if (pushed) {
      local.pushedWithoutKey.splice(local.pushedWithoutKey.indexOf(pushed), 1);
      await repo.updateLine(tx, { companyId, id: pushed.id, values: { dmsKey: line.dmsLineKey } });
      touched = true;
      continue;
    }
    // Work written up at the DMS was agreed with the customer at the counter: approved, decided by the DMS.
    await repo.insertLine(tx, {
      companyId,
      repairOrderId: orderId,
      description,
      priceCents: line.priceCents,
      status: 'approved',
      decidedAt: ctx.now,
      decidedBy: 'dms',
      dmsKey: line.dmsLineKey,
    });
    ctx.counts.linesCreated++;
    touched = true;
  }
  return touched;
}

function existingLinesIndex(lines: Awaited<ReturnType<typeof repo.listOrderLines>>) {
  const byKey = new Map(lines.filter((l) => l.dmsKey !== null).map((l) => [l.dmsKey!, l]));
  const pushedWithoutKey = lines.filter((l) => l.dmsKey === null && l.dmsPushedAt !== null);
  return { byKey, pushedWithoutKey };
}
