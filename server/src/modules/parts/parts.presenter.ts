import { PARTS_TICKET_RESOURCE, PARTS_TICKET_TYPE, type TPartsCustomer, type TPartsStatement, type TPartsTicket } from '@cd/contracts/parts';
import { companyAdminsTopic, companyRoleTopic } from '@cd/contracts/live';
import type { TLiveEventInput } from '../../live/live.types';
import type { TPartsCustomerRow, TPartsStatementRow, TPartsTicketRow } from './parts.schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const paymentIri = (id: number | null) => (id === null ? null : `/api/payment_requests/${id}`);

export function toPartsCustomerResource(r: TPartsCustomerRow): TPartsCustomer {
  return {
    '@id': `/api/parts_customers/${r.id}`,
    '@type': 'PartsCustomer',
    id: r.id,
    name: r.name,
    contactName: r.contactName,
    phone: r.phone,
    email: r.email,
    termsDays: r.termsDays,
    customerReference: r.customerReference,
    customer: r.customerId === null ? null : `/api/customers/${r.customerId}`,
    balanceCents: r.balanceCents,
    overdueCents: r.overdueCents,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toPartsTicketResource(r: TPartsTicketRow): TPartsTicket {
  return {
    '@id': `/api/${PARTS_TICKET_RESOURCE[r.kind]}/${r.id}`,
    '@type': PARTS_TICKET_TYPE[r.kind],
    id: r.id,
    kind: r.kind,
    number: r.number,
    date: r.date,
    customer: `/api/parts_customers/${r.partsCustomerId}`,
    customerName: r.customerName,
    notes: r.notes,
    lines: r.lines,
    subtotalCents: r.subtotalCents,
    taxCents: r.taxCents,
    totalCents: r.totalCents,
    status: r.status,
    statement: r.statementId === null ? null : `/api/parts_statements/${r.statementId}`,
    paymentRequest: paymentIri(r.paymentRequestId),
    sentAt: iso(r.sentAt),
    paidAt: iso(r.paidAt),
    createdAt: r.createdAt.toISOString(),
  };
}

export function toPartsStatementResource(r: TPartsStatementRow): TPartsStatement {
  return {
    '@id': `/api/parts_statements/${r.id}`,
    '@type': 'PartsStatement',
    id: r.id,
    number: r.number,
    customer: `/api/parts_customers/${r.partsCustomerId}`,
    customerName: r.customerName,
    customerReference: r.customerReference,
    from: r.from,
    to: r.to,
    amountCents: r.amountCents,
    status: r.status,
    tickets: r.tickets.map((t) => ({ '@id': `/api/${PARTS_TICKET_RESOURCE[t.kind]}/${t.id}`, ...t })),
    paymentRequest: paymentIri(r.paymentRequestId),
    sentAt: iso(r.sentAt),
    paidAt: iso(r.paidAt),
    createdAt: r.createdAt.toISOString(),
  };
}

/** The parts counter works from the company's shared lists: the company topic. */
export function partsTicketEvent(r: TPartsTicketRow, event: 'created' | 'updated'): TLiveEventInput {
  return { companyId: r.companyId, topics: partsTopics(r.companyId), event, entity: 'parts_ticket', data: toPartsTicketResource(r), changes: null };
}

export function partsStatementEvent(r: TPartsStatementRow, event: 'created' | 'updated' | 'removed'): TLiveEventInput {
  return { companyId: r.companyId, topics: partsTopics(r.companyId), event, entity: 'parts_statement', data: toPartsStatementResource(r), changes: null };
}

/** Trade accounts' tickets and balances are for the parts counter and the admins, not every user of the company. */
function partsTopics(companyId: number): string[] {
  return [companyAdminsTopic(companyId), companyRoleTopic(companyId, 'ROLE_AUTO_PARTS_SALES')];
}
