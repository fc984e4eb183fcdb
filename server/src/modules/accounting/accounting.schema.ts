import type { TArAging } from '@cd/contracts/accounting';

/** Rows of migration 0025, as the repository reads them (raw SQL; drizzle tables are not needed here). */

export interface TChargeCustomerRow {
  companyId: number;
  id: number;
  name: string;
  accountNumber: string;
  phone: string | null;
  email: string | null;
  customerId: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A charge customer with what the list shows of it: the messaging customer's name and the open balance by age. */
export interface TChargeCustomerView extends TChargeCustomerRow {
  customerName: string | null;
  aging: TArAging;
  openTransactions: number;
}

export interface TArTransactionRow {
  companyId: number;
  id: number;
  chargeCustomerId: number;
  documentNumber: string;
  transactionNumber: string;
  sequenceNumber: number;
  transactionAt: Date;
  amountCents: number;
  journal: string;
  source: string;
  reconciled: boolean;
  statementId: number | null;
}

export interface TArStatementRow {
  companyId: number;
  id: number;
  chargeCustomerId: number;
  periodFrom: string;
  periodTo: string;
  amountCents: number;
  transactionCount: number;
  paymentRequestId: number | null;
  sentAt: Date | null;
  paidAt: Date | null;
  createdById: number | null;
  createdAt: Date;
}

export interface TArStatementView extends TArStatementRow {
  customerName: string;
  accountNumber: string;
}
