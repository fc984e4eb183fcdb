import { customerDisplayName, type TChannel, type TCustomer } from '@cd/contracts/customer';
import { iri } from '../../lib/hydra';
import type { TCustomerRow } from './customers.schema';

export function isReadBy(c: TCustomerRow, readAt: Date | undefined): boolean {
  if (!c.lastInboundAt) return true;
  return !!readAt && readAt.getTime() >= c.lastInboundAt.getTime();
}

export function toCustomerResource(
  c: TCustomerRow,
  opts: { viewerId: number; readStates: { userId: number; readAt: Date }[] },
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
    lastOpenRepairOrder: null,
    lastClosedRepairOrder: null,
    lastPaymentRequest: null,
    lastSurvey: null,
    reminders: [],
    createdAt: c.createdAt.toISOString(),
  };
}
