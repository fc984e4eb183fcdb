import type { Readable } from 'node:stream';
import {
  PAYMENT_TOTALS_CAP,
  PAYMENT_TRANSACTIONS_EXPORT_MAX,
  PAYMENT_TRANSACTIONS_PER_PAGE,
  type TPaymentTransactionDetail,
  type TPaymentTransactionListQuery,
  type TPaymentTransactionTotals,
} from '@cd/contracts/payment-operations';
import { formatDecimalAmount } from '@cd/contracts/payment-money';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { csvStream } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import type { TListTotal } from '../../lib/hydra';
import { resolveReadableCompanyId, resolveRecordScope } from '../../tenant-scope';
import { managesAllPayments } from './payment-requests.access';
import { toTransactionResource } from './transactions.presenter';
import * as repo from './transactions.repository';

/** The transactions screen is the payment role's and company admins' (spec part 1 §2 menu, part 2 §6). */
export function requirePaymentManager(ctx: TRequestContext): void {
  if (!managesAllPayments(ctx)) throw new AppError('forbidden', 'You do not have access to payments.');
}

const merge = <T>(a: T[] | undefined, b: T[] | undefined): T[] | undefined => (a || b ? [...new Set([...(a ?? []), ...(b ?? [])])] : undefined);

export function transactionFilterOf(opts: { companyId: number; query: Omit<TPaymentTransactionListQuery, 'itemsPerPage'> }): repo.TTransactionFilter {
  const q = opts.query;
  return {
    companyId: opts.companyId,
    statuses: merge(q.status, q['status[]']),
    methods: merge(q.method, q['method[]']),
    kinds: merge(q.kind, q['kind[]']),
    createdFrom: q['createdAt[after]'] ? new Date(q['createdAt[after]']) : undefined,
    createdBefore: q['createdAt[before]'] ? new Date(q['createdAt[before]']) : undefined,
    search: q.search || undefined,
    customerId: q.customer,
    paymentRequestId: q.paymentRequest,
  };
}

export interface TTransactionPage {
  member: TPaymentTransactionDetail[];
  total: TListTotal | null;
  totals: TPaymentTransactionTotals | null;
  full: boolean;
  last: { at: Date; id: number } | null;
}

/**
 * GET /api/payment/transactions: one page, newest first (keyset), and on the first page the filter's count and sums
 * (capped): two statements whatever the page size.
 */
export async function listTransactions(opts: { ctx: TRequestContext; query: TPaymentTransactionListQuery }): Promise<TTransactionPage> {
  const { ctx, query } = opts;
  requirePaymentManager(ctx);
  const companyId = resolveReadableCompanyId({ ctx, requested: query.company });
  const filter = transactionFilterOf({ companyId, query });
  const limit = query.itemsPerPage ?? PAYMENT_TRANSACTIONS_PER_PAGE;
  const beforeText = query['createdAt[strictly_before]'];
  const before = beforeText ? new Date(beforeText) : undefined;
  return runInScope(ctx.db, { companyId }, async (tx) => {
    const rows = await repo.listTransactions(tx, { filter, before, idLt: query['id[lt]'], limit });
    const sums = before ? null : await repo.totalTransactions(tx, { filter, exact: query.exactTotal, cap: PAYMENT_TOTALS_CAP });
    const lastRow = rows.at(-1);
    return {
      member: rows.map(toTransactionResource),
      total: sums?.total ?? null,
      totals: sums
        ? {
            salesCents: sums.sales,
            refundsCents: sums.refunds,
            netCents: sums.sales === null || sums.refunds === null ? null : sums.sales - sums.refunds,
          }
        : null,
      full: rows.length === limit,
      last: lastRow ? { at: lastRow.createdAt, id: lastRow.id } : null,
    };
  });
}

/** GET /api/payment/transactions/{id}. Another company's id: 404. */
export async function getTransaction(opts: { ctx: TRequestContext; id: number }): Promise<TPaymentTransactionDetail> {
  requirePaymentManager(opts.ctx);
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  return runInScope(opts.ctx.db, scope, async (tx) => {
    const row = await repo.findTransactionWithRefs(tx, { companyId, id: opts.id });
    if (!row) throw new AppError('not_found', 'Transaction not found.');
    return toTransactionResource(row);
  });
}

const EXPORT_BATCH = 500;

export const TRANSACTIONS_CSV_HEADER = [
  'id',
  'created_at',
  'kind',
  'method',
  'status',
  'invoice',
  'customer',
  'card_brand',
  'card_last4',
  'amount',
  'refunded',
  'fee',
  'refund_of',
  'payment_request',
  'provider',
  'created_by',
] as const;

/**
 * GET /api/payment/transactions/export.csv: the filtered list, newest first, streamed in batches of 500 (each batch
 * its own short read), at most PAYMENT_TRANSACTIONS_EXPORT_MAX rows. Access is checked before the first byte.
 */
export function exportTransactionsCsv(opts: { ctx: TRequestContext; query: TPaymentTransactionListQuery }): Readable {
  const { ctx, query } = opts;
  requirePaymentManager(ctx);
  const companyId = resolveReadableCompanyId({ ctx, requested: query.company });
  const filter = transactionFilterOf({ companyId, query });
  return csvStream<repo.TTransactionWithRefs>({
    header: TRANSACTIONS_CSV_HEADER,
    maxRows: PAYMENT_TRANSACTIONS_EXPORT_MAX,
    nextBatch: (after) =>
      runInScope(ctx.db, { companyId }, (tx) => repo.listTransactions(tx, { filter, before: after?.createdAt, idLt: after?.id, limit: EXPORT_BATCH })),
    toCells: (row) => {
      const t = toTransactionResource(row);
      return [
        t.id,
        t.createdAt,
        t.kind,
        t.method,
        t.status,
        t.paymentRequest?.invoice,
        t.customer?.name,
        t.cardBrand,
        t.cardLast4,
        formatDecimalAmount(t.amountCents),
        formatDecimalAmount(t.refundedCents),
        t.feeCents === null ? '' : formatDecimalAmount(t.feeCents),
        row.parentId,
        t.paymentRequest?.id,
        t.provider,
        t.createdBy?.name,
      ];
    },
  });
}
