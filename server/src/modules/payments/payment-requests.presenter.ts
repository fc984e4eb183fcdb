import { customerDisplayName } from '@cd/contracts/customer';
import { customerLinkUrl } from '@cd/contracts/customer-link';
import { companyAdminsTopic, companyTopic, userTopic } from '@cd/contracts/live';
import type { TPaymentRequest, TPaymentRequestSummary } from '@cd/contracts/payments';
import { iri } from '../../lib/hydra';
import type { TLiveEventInput } from '../../live/live.types';
import type { TPaymentRequestWithRefs } from './payment-requests.repository';
import type { TPaymentRequestRow } from './payment-requests.schema';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toPaymentRequestResource(r: TPaymentRequestWithRefs, opts: { publicUrl: string }): TPaymentRequest {
  const { customer, order, createdBy, linkCode } = r.refs;
  const payable = r.cancelledAt === null && r.status !== 'paid' && r.status !== 'expired';
  return {
    '@id': iri('payment_requests', r.id),
    '@type': 'PaymentRequest',
    id: r.id,
    source: r.source,
    sourceId: r.sourceId,
    customer: customer
      ? { '@id': iri('customers', Number(customer.id)), id: Number(customer.id), name: customerDisplayName(customer), phone: customer.phone ?? null }
      : null,
    repairOrder: order ? { '@id': iri('repair_orders', Number(order.id)), id: Number(order.id), number: order.number } : null,
    repairOrderId: r.repairOrderId,
    invoice: r.invoice,
    billTo: r.billTo,
    products: r.products,
    subtotalCents: r.subtotalCents,
    taxCents: r.taxCents,
    amountCents: r.amountCents,
    status: r.status,
    statusReason: r.statusReason,
    statuses: r.statuses,
    cancelledAt: iso(r.cancelledAt),
    expiresAt: iso(r.expiresAt),
    sentAt: iso(r.sentAt),
    paidAt: iso(r.paidAt),
    paidCents: r.paidCents,
    paymentUrl: payable && linkCode ? customerLinkUrl({ publicUrl: opts.publicUrl, code: linkCode }) : null,
    message: r.messageId === null ? null : iri('messages', r.messageId),
    createdBy: createdBy ? { '@id': iri('users', Number(createdBy.id)), id: Number(createdBy.id), name: createdBy.name } : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Customer.lastPaymentRequest. */
export function toPaymentRequestSummary(r: TPaymentRequestRow): TPaymentRequestSummary {
  return {
    '@id': iri('payment_requests', r.id),
    id: r.id,
    invoice: r.invoice,
    amountCents: r.amountCents,
    status: r.status,
    statuses: r.statuses,
    cancelledAt: iso(r.cancelledAt),
    sentAt: iso(r.sentAt),
    paidAt: iso(r.paidAt),
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Who hears of a request: a repair order's request goes where the order's events go (every user of the company);
 * other requests (statements, standalone) to the company admins and the user who made it — the payment and the
 * parts/accounting screens refetch on their own events.
 */
export function paymentRequestEvent(resource: TPaymentRequest, row: TPaymentRequestRow, event: TLiveEventInput['event'], changes?: string[]): TLiveEventInput {
  const topics = row.source === 'repair_order' ? [companyTopic(row.companyId)] : [companyAdminsTopic(row.companyId)];
  if (row.source !== 'repair_order' && row.createdById !== null) topics.push(userTopic(row.createdById));
  return { companyId: row.companyId, topics, event, entity: 'payment_request', data: resource, changes: changes ?? null };
}
