import { repairOrderStateOf, type TRepairOrder, type TRepairOrderSummary } from '@cd/contracts/repair-order';
import type { TRepairOrderLine } from '@cd/contracts/repair-order-line';
import type { TConfig } from '../../config';
import { iri } from '../../lib/hydra';
import { presentMedia, type TMediaRow } from '../media/media.api';
import type { TUserRow } from '../users/users.api';
import { toVehicleSummary, type TVehicleRow } from '../vehicles/vehicles.api';
import type { TRepairOrderLineRow, TRepairOrderRow } from './repair-orders.schema';

type TMediaConfig = Pick<TConfig, 'encryptionKey' | 'publicUrl' | 'signedUrlTtl'>;

/** What presenting orders needs beside their rows, loaded once per page (lines, their files, vehicles, staff). */
export interface TOrderRelations {
  lines: TRepairOrderLineRow[];
  files: TMediaRow[];
  vehicles: TVehicleRow[];
  users: TUserRow[];
}

export function toLineResource(opts: { config: TMediaConfig; line: TRepairOrderLineRow; files: TMediaRow[] }): TRepairOrderLine {
  const { line } = opts;
  return {
    '@id': iri('repair_order_lines', line.id),
    '@type': 'RepairOrderLine',
    id: line.id,
    repairOrder: iri('repair_orders', line.repairOrderId),
    description: line.description,
    price: line.priceCents,
    status: line.status,
    files: opts.files.filter((f) => f.entityId === line.id).map((row) => presentMedia({ config: opts.config, row })),
    decidedAt: line.decidedAt?.toISOString() ?? null,
    decidedBy: line.decidedBy ?? null,
    dmsPushedAt: line.dmsPushedAt?.toISOString() ?? null,
    createdAt: line.createdAt.toISOString(),
    updatedAt: line.updatedAt.toISOString(),
  };
}

function staffRef(users: TUserRow[], id: number | null) {
  if (id === null) return null;
  const u = users.find((x) => x.id === id);
  if (!u) return null;
  return { '@id': iri('users', u.id), id: u.id, name: `${u.firstName} ${u.lastName}`.trim() || u.email };
}

export function toOrderResource(opts: { config: TMediaConfig; order: TRepairOrderRow; rel: TOrderRelations }): TRepairOrder {
  const { order: o, rel } = opts;
  const vehicle = o.vehicleId === null ? undefined : rel.vehicles.find((v) => v.id === o.vehicleId);
  const lines = rel.lines.filter((l) => l.repairOrderId === o.id);
  return {
    '@id': iri('repair_orders', o.id),
    '@type': 'RepairOrder',
    id: o.id,
    number: o.number,
    title: o.title,
    description: o.description,
    price: o.priceCents,
    type: o.type,
    status: o.status,
    state: repairOrderStateOf(o),
    customer: iri('customers', o.customerId),
    vehicle: vehicle ? toVehicleSummary(vehicle) : null,
    serviceAdvisor: staffRef(rel.users, o.serviceAdvisorId),
    mechanic: staffRef(rel.users, o.mechanicId),
    openedAt: o.openedAt.toISOString(),
    promisedAt: o.promisedAt?.toISOString() ?? null,
    closedAt: o.closedAt?.toISOString() ?? null,
    vehicleReadySentAt: o.vehicleReadySentAt?.toISOString() ?? null,
    surveyRequestedAt: o.surveyRequestedAt?.toISOString() ?? null,
    survey: o.surveyId === null ? null : iri('surveys', o.surveyId),
    repairOrderLines: lines.map((line) => toLineResource({ config: opts.config, line, files: rel.files })),
    paymentRequests: o.paymentRequestIds.map((id) => iri('payment_requests', id)),
    dmsSyncedAt: o.dmsSyncedAt?.toISOString() ?? null,
    dmsVendor: o.dmsVendor ?? null,
    dmsKey: o.dmsKey,
    dmsPendingPushes: o.dmsPendingPushes,
    dmsLastError: o.dmsLastError,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

export function toOrderSummary(o: TRepairOrderRow): TRepairOrderSummary {
  return {
    '@id': iri('repair_orders', o.id),
    id: o.id,
    number: o.number,
    title: o.title,
    status: o.status,
    openedAt: o.openedAt.toISOString(),
    promisedAt: o.promisedAt?.toISOString() ?? null,
    closedAt: o.closedAt?.toISOString() ?? null,
    vehicleReadySentAt: o.vehicleReadySentAt?.toISOString() ?? null,
    survey: o.surveyId === null ? null : iri('surveys', o.surveyId),
  };
}
