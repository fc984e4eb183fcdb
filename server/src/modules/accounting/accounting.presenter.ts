import type { TArStatement, TArTransaction, TChargeCustomer } from '@cd/contracts/accounting';
import { companyAdminsTopic, companyRoleTopic, userTopic } from '@cd/contracts/live';
import type { TLiveEventInput } from '../../live/live.types';
import type { TArStatementView, TArTransactionRow, TChargeCustomerView } from './accounting.schema';

export const chargeCustomerIri = (id: number) => `/api/charge_customers/${id}`;
export const transactionIri = (id: number) => `/api/automotive/transactions/${id}`;
export const statementIri = (id: number) => `/api/automotive/statements/${id}`;

export function toChargeCustomerResource(v: TChargeCustomerView): TChargeCustomer {
  return {
    '@id': chargeCustomerIri(v.id),
    '@type': 'ChargeCustomer',
    id: v.id,
    name: v.name,
    accountNumber: v.accountNumber,
    phone: v.phone,
    email: v.email,
    customer: v.customerId === null ? null : `/api/customers/${v.customerId}`,
    customerName: v.customerName,
    aging: v.aging,
    openTransactions: v.openTransactions,
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
  };
}

export function toTransactionResource(r: TArTransactionRow): TArTransaction {
  return {
    '@id': transactionIri(r.id),
    '@type': 'Transaction',
    id: r.id,
    customer: chargeCustomerIri(r.chargeCustomerId),
    documentNumber: r.documentNumber,
    transactionNumber: r.transactionNumber,
    sequenceNumber: r.sequenceNumber,
    transactionAt: r.transactionAt.toISOString(),
    amount: r.amountCents,
    journal: r.journal,
    source: r.source,
    reconciled: r.reconciled,
    inStatement: r.statementId !== null,
    statement: r.statementId === null ? null : statementIri(r.statementId),
  };
}

export function statementStatusOf(v: Pick<TArStatementView, 'paidAt' | 'sentAt'>): TArStatement['status'] {
  if (v.paidAt) return 'paid';
  if (v.sentAt) return 'sent';
  return 'open';
}

export function toStatementResource(v: TArStatementView, transactionIds: readonly number[] = []): TArStatement {
  return {
    '@id': statementIri(v.id),
    '@type': 'Statement',
    id: v.id,
    customer: chargeCustomerIri(v.chargeCustomerId),
    customerName: v.customerName,
    accountNumber: v.accountNumber,
    from: v.periodFrom,
    to: v.periodTo,
    amount: v.amountCents,
    transactionCount: v.transactionCount,
    transactions: transactionIds.map(transactionIri),
    status: statementStatusOf(v),
    paymentRequest: v.paymentRequestId === null ? null : `/api/payment_requests/${v.paymentRequestId}`,
    sentAt: v.sentAt?.toISOString() ?? null,
    paidAt: v.paidAt?.toISOString() ?? null,
    createdAt: v.createdAt.toISOString(),
    pdfUrl: `${statementIri(v.id)}/pdf`,
  };
}

/**
 * Balances are for the accounting area, not every user of the company: events go to the company admins, the
 * accounting role's topic and the user who made the change.
 */
function topicsOf(companyId: number, userId: number | null): string[] {
  const area = [companyAdminsTopic(companyId), companyRoleTopic(companyId, 'ROLE_AUTO_ACCOUNTING')];
  return userId === null ? area : [...area, userTopic(userId)];
}

export function chargeCustomerEvent(
  v: TChargeCustomerView,
  event: 'created' | 'updated',
  userId: number | null,
  changes: string[] | null = null,
): TLiveEventInput {
  return { companyId: v.companyId, topics: topicsOf(v.companyId, userId), event, entity: 'charge_customer', data: toChargeCustomerResource(v), changes };
}

export function statementEvent(v: TArStatementView, event: 'created' | 'updated', userId: number | null, changes: string[] | null = null): TLiveEventInput {
  return { companyId: v.companyId, topics: topicsOf(v.companyId, userId), event, entity: 'statement', data: toStatementResource(v), changes };
}
