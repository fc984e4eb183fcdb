import type { TPartsLine, TPartsStatementStatus, TPartsTicketKind, TPartsTicketStatus } from '@cd/contracts/parts';

/** Rows of migration 0024 as the repository reads them (raw SQL, camelCase aliases; money as numbers of cents). */

export interface TPartsCustomerRow {
  companyId: number;
  id: number;
  name: string;
  contactName: string;
  phone: string | null;
  email: string | null;
  termsDays: number;
  customerReference: string;
  customerId: number | null;
  balanceCents: number;
  overdueCents: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface TPartsTicketRow {
  companyId: number;
  id: number;
  kind: TPartsTicketKind;
  number: string;
  date: string;
  partsCustomerId: number;
  customerName: string;
  notes: string;
  lines: TPartsLine[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  status: TPartsTicketStatus;
  statementId: number | null;
  paymentRequestId: number | null;
  sentAt: Date | null;
  paidAt: Date | null;
  createdAt: Date;
}

export interface TPartsStatementTicket {
  id: number;
  kind: TPartsTicketKind;
  number: string;
  date: string;
  totalCents: number;
}

export interface TPartsStatementRow {
  companyId: number;
  id: number;
  number: string;
  partsCustomerId: number;
  customerName: string;
  customerReference: string;
  from: string;
  to: string;
  amountCents: number;
  status: TPartsStatementStatus;
  tickets: TPartsStatementTicket[];
  paymentRequestId: number | null;
  sentAt: Date | null;
  paidAt: Date | null;
  createdAt: Date;
}

/** A page asked of a list: keyset by creation time, or everything up to a cap ordered for a picker. */
export interface TPartsPageAsk {
  paginated: boolean;
  limit: number;
  before?: Date;
  idLt?: number;
}
