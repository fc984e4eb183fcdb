import { customerDisplayName } from '@cd/contracts/customer';
import { companyAdminsTopic, companyRoleTopic } from '@cd/contracts/live';
import type { TPaymentTransactionDetail } from '@cd/contracts/payment-operations';
import { CARD_BRANDS } from '@cd/contracts/payments';
import { iri } from '../../lib/hydra';
import type { TLiveEventInput } from '../../live/live.types';
import type { TTransactionWithRefs } from './transactions.repository';

export const transactionIri = (id: number) => `/api/payment/transactions/${id}`;

const brandOf = (v: string | null) =>
  v !== null && (CARD_BRANDS as readonly string[]).includes(v) ? (v as (typeof CARD_BRANDS)[number]) : v === null ? null : 'other';

/** What a refund may still take back: an approved (or partly refunded) sale's amount less what is refunded or reserved. */
export function refundableCentsOf(t: Pick<TTransactionWithRefs, 'kind' | 'status' | 'amountCents' | 'refundedCents'>): number {
  if (t.kind !== 'sale' || (t.status !== 'approved' && t.status !== 'partially_refunded')) return 0;
  return Math.max(0, t.amountCents - t.refundedCents);
}

export function toTransactionResource(t: TTransactionWithRefs): TPaymentTransactionDetail {
  const { request, customer, createdBy, refunds } = t.refs;
  return {
    '@id': transactionIri(t.id),
    '@type': 'PaymentTransaction',
    id: t.id,
    kind: t.kind,
    method: t.method,
    status: t.status,
    provider: t.provider,
    amountCents: t.amountCents,
    refundedCents: t.refundedCents,
    feeCents: t.feeCents,
    cardBrand: brandOf(t.cardBrand),
    cardLast4: t.cardLast4,
    paymentRequest: request ? { '@id': iri('payment_requests', Number(request.id)), id: Number(request.id), invoice: request.invoice } : null,
    parent: t.parentId === null ? null : transactionIri(t.parentId),
    customer: customer ? { '@id': iri('customers', Number(customer.id)), id: Number(customer.id), name: customerDisplayName(customer) } : null,
    createdBy: createdBy ? { '@id': iri('users', Number(createdBy.id)), id: Number(createdBy.id), name: createdBy.name } : null,
    createdAt: t.createdAt.toISOString(),
    refunds: refunds.map((r) => ({
      '@id': transactionIri(Number(r.id)),
      id: Number(r.id),
      amountCents: r.amountCents,
      status: r.status,
      createdAt: r.createdAt,
    })),
    refundableCents: refundableCentsOf(t),
  };
}

/** Transactions are money: the company admins' topic (the payment role's screen refetches on it too). */
export function transactionEvent(
  companyId: number,
  resource: TPaymentTransactionDetail,
  event: 'created' | 'updated',
  changes: string[] | null = null,
): TLiveEventInput {
  return {
    companyId,
    topics: [companyAdminsTopic(companyId), companyRoleTopic(companyId, 'ROLE_PAYMENT')],
    event,
    entity: 'payment_transaction',
    data: resource,
    changes,
  };
}
