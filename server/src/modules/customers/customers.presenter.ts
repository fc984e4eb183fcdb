import { customerDisplayName, type TChannel, type TCustomer } from '@cd/contracts/customer';
import { iri } from '../../lib/hydra';
import type { TRepairOrderSummary } from '@cd/contracts/repair-order';
import type { TCustomerRepairOrders, TRepairOrderSummaryRow } from './customers.repository';
import type { TCustomerRow } from './customers.schema';

function orderSummaryOf(o: TRepairOrderSummaryRow | null): TRepairOrderSummary | null {
  if (!o) return null;
  return {
    '@id': iri('repair_orders', o.id),
    id: o.id,
    number: o.number,
    title: o.title,
    status: o.status as TRepairOrderSummary['status'],
    openedAt: o.openedAt.toISOString(),
    promisedAt: o.promisedAt?.toISOString() ?? null,
    closedAt: o.closedAt?.toISOString() ?? null,
    vehicleReadySentAt: o.vehicleReadySentAt?.toISOString() ?? null,
    survey: o.surveyId === null ? null : iri('surveys', o.surveyId),
  };
}

export function isReadBy(c: TCustomerRow, readAt: Date | undefined): boolean {
  if (!c.lastInboundAt) return true;
  return !!readAt && readAt.getTime() >= c.lastInboundAt.getTime();
}

export function toCustomerResource(
  c: TCustomerRow,
  /** `repairOrders` absent (live events, other modules): the summaries read as none; clients refetch the customer. */
  opts: {
    viewerId: number;
    readStates: { userId: number; readAt: Date }[];
    repairOrders?: TCustomerRepairOrders;
    /** The viewer's open reminders about the customer (ids); absent (live events, other modules): none. */
    reminderIds?: number[];
  },
): TCustomer {
  const mine = opts.readStates.find((r) => r.userId === opts.viewerId);
  return {
    '@id': iri('customers', c.id),
    '@type': 'Customer',
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    name: customerDisplayName(c),
    phone: c.phone,
    viberUserId: c.viberUserId,
    timezone: c.timezone,
    email: c.email,
    address: c.address,
    notes: c.notes,
    preferredBrand: c.preferredBrand,
    preferredChannel: c.preferredChannel as TChannel | null,
    primaryContact: c.primaryContact,
    alternateContact: c.alternateContact,
    optOut: c.optOut,
    tags: c.tags,
    // Customer groups arrive with their own issue.
    groups: [],
    user: c.userId === null ? null : iri('users', c.userId),
    archived: c.archived,
    bumpedAt: c.bumpedAt?.toISOString() ?? null,
    read: isReadBy(c, mine?.readAt),
    readStates: opts.readStates.map((r) => ({ userId: r.userId, readAt: r.readAt.toISOString() })),
    lastMessage: c.lastMessage ?? null,
    lastOpenRepairOrder: orderSummaryOf(opts.repairOrders?.lastOpen ?? null),
    lastClosedRepairOrder: orderSummaryOf(opts.repairOrders?.lastClosed ?? null),
    lastPaymentRequest: c.lastPaymentRequest ?? null,
    lastSurvey: c.lastSurvey ?? null,
    reminders: (opts.reminderIds ?? []).map((id) => ({ id, customerId: c.id })),
    responseDueAt: c.responseDueAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
  };
}
