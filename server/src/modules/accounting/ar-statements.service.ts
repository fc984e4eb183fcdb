import { AR_MESSAGES, type TArStatement, type TArStatementCreate, type TArStatementListQuery } from '@cd/contracts/accounting';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { AppError, validationError } from '../../lib/errors';
import type { TLiveEventInput } from '../../live/live.types';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { resolveReadableCompanyId, resolveRecordScope } from '../../tenant-scope';
import { findCompany } from '../companies/companies.api';
import { requireAccounting } from './accounting.access';
import { chargeCustomerEvent, statementEvent, toStatementResource } from './accounting.presenter';
import * as repo from './accounting.repository';
import type { TArStatementView } from './accounting.schema';
import { chargeCustomerViewOf, clockOf } from './charge-customers.service';
import { renderStatementPdf } from './statement-pdf';

/** Statements of account: made of a customer's unreconciled transactions, rendered as a PDF, paid by link. */

export const STATEMENTS_PAGE = 30;

export async function statementViewOf(tx: TTx, opts: { companyId: number | null; id: number; lock?: boolean }): Promise<TArStatementView> {
  const view = await repo.findStatementView(tx, opts);
  if (!view) throw new AppError('not_found', 'Statement not found.');
  return view;
}

/**
 * Why some transactions could not be taken (the claim took fewer than asked): 422 on `transactions` for ids that are
 * not the customer's or outside the period, 409 when they are already reconciled or in another statement (another
 * statement may have taken them a moment ago).
 */
async function refuseClaim(
  tx: TTx,
  opts: { companyId: number; customerId: number; ids: readonly number[]; from: string; to: string; timeZone: string },
): Promise<never> {
  const rows = await repo.findTransactionsByIds(tx, { companyId: opts.companyId, ids: opts.ids });
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const [i, id] of opts.ids.entries()) {
    const row = byId.get(id);
    const path = `transactions[${i}]`;
    if (!row) throw validationError([{ propertyPath: path, message: AR_MESSAGES.transactionNotFound }]);
    if (row.chargeCustomerId !== opts.customerId) throw validationError([{ propertyPath: path, message: AR_MESSAGES.transactionNotOfCustomer }]);
  }
  const unavailable = rows.find((r) => r.reconciled || r.statementId !== null);
  if (unavailable)
    throw new AppError('conflict', AR_MESSAGES.transactionUnavailable, [{ propertyPath: 'transactions', message: AR_MESSAGES.transactionUnavailable }]);
  throw validationError([{ propertyPath: 'transactions', message: AR_MESSAGES.transactionOutsidePeriod }]);
}

export async function createStatement(opts: { ctx: TRequestContext; body: TArStatementCreate }): Promise<TArStatement> {
  const { ctx, body } = opts;
  requireAccounting(ctx);
  const companyId = resolveReadableCompanyId({ ctx, requested: body.company });
  return runWithLiveEvents({
    deps: ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      const customer = await repo.lockChargeCustomer(tx, { companyId, id: body.customer });
      if (!customer) throw validationError([{ propertyPath: 'customer', message: 'Charge customer not found.' }]);
      const { timeZone } = await clockOf(tx, companyId);
      const id = await repo.insertStatement(tx, {
        companyId,
        values: {
          chargeCustomerId: customer.id,
          periodFrom: body.from,
          periodTo: body.to,
          amountCents: body.amount,
          transactionCount: body.transactions.length,
          createdById: ctx.actor.user.id,
        },
      });
      const window = { companyId, customerId: customer.id, ids: body.transactions, from: body.from, to: body.to, timeZone };
      const claimed = await repo.claimTransactions(tx, { ...window, statementId: id });
      // Anything short of all of them rolls the whole statement back (the transaction throws).
      if (claimed.length !== body.transactions.length) await refuseClaim(tx, window);
      const sum = claimed.reduce((s, r) => s + r.amountCents, 0);
      if (sum !== body.amount) throw validationError([{ propertyPath: 'amount', message: AR_MESSAGES.amountMismatch }]);
      const view = await statementViewOf(tx, { companyId, id });
      emit([
        statementEvent(view, 'created', ctx.actor.user.id),
        chargeCustomerEvent(await chargeCustomerViewOf(tx, { companyId, id: customer.id }), 'updated', ctx.actor.user.id, ['openTransactions']),
      ]);
      return toStatementResource(
        view,
        claimed.map((r) => r.id),
      );
    },
  });
}

export async function listStatements(opts: { ctx: TRequestContext; query: TArStatementListQuery }): Promise<TArStatement[]> {
  const { ctx, query } = opts;
  requireAccounting(ctx);
  const companyId = resolveReadableCompanyId({ ctx, requested: query.company });
  const before = query['createdAt[strictly_before]'];
  return runInScope(ctx.db, { companyId }, async (tx) => {
    const views = await repo.listStatementViews(tx, {
      companyId,
      customerId: query.customer,
      before: before ? new Date(before) : undefined,
      limit: query.itemsPerPage ?? STATEMENTS_PAGE,
    });
    return views.map((v) => toStatementResource(v));
  });
}

export async function getStatement(opts: { ctx: TRequestContext; id: number }): Promise<TArStatement> {
  requireAccounting(opts.ctx);
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  return runInScope(opts.ctx.db, scope, async (tx) => {
    const view = await statementViewOf(tx, { companyId, id: opts.id });
    const rows = await repo.listStatementTransactions(tx, { companyId: view.companyId, statementId: view.id });
    return toStatementResource(
      view,
      rows.map((r) => r.id),
    );
  });
}

/** The statement's PDF and a file name for the download. */
export async function getStatementPdf(opts: { ctx: TRequestContext; id: number }): Promise<{ pdf: Buffer; filename: string }> {
  requireAccounting(opts.ctx);
  const { scope, companyId: scoped } = resolveRecordScope({ ctx: opts.ctx });
  const input = await runInScope(opts.ctx.db, scope, async (tx) => {
    const view = await statementViewOf(tx, { companyId: scoped, id: opts.id });
    const companyId = view.companyId;
    const company = await findCompany(tx, companyId);
    if (!company) throw new AppError('not_found', 'Company not found.');
    const transactions = await repo.listStatementTransactions(tx, { companyId, statementId: view.id });
    const customer = await chargeCustomerViewOf(tx, { companyId, id: view.chargeCustomerId });
    return { view, company, transactions, customer };
  });
  const { view, company, transactions, customer } = input;
  const pdf = await renderStatementPdf({
    company: { name: company.name, address: company.address ?? null, phone: company.phone ?? null, email: company.email ?? null, timeZone: company.timezone },
    customer: { name: view.customerName, accountNumber: view.accountNumber },
    statement: { id: view.id, from: view.periodFrom, to: view.periodTo, amountCents: view.amountCents, createdAt: view.createdAt },
    transactions,
    aging: customer.aging,
  });
  const safeAccount = view.accountNumber.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40) || 'account';
  return { pdf, filename: `statement-${safeAccount}-${view.id}.pdf` };
}

/**
 * The payments module's "paid" hook (attached in app.ts): a statement's payment request was paid, so its
 * transactions are reconciled. Once only (conditional update); a partial payment leaves them open.
 */
export async function settleStatementPayment(opts: {
  tx: TTx;
  companyId: number;
  paymentRequestId: number;
  source: string;
  sourceId: number | null;
  paidCents: number;
  emit: (events: TLiveEventInput[]) => void;
}): Promise<void> {
  const { tx, companyId } = opts;
  if (opts.source !== 'ar_statement' || opts.sourceId === null) return;
  const view = await repo.findStatementView(tx, { companyId, id: opts.sourceId, lock: true });
  if (!view || opts.paidCents < view.amountCents) return;
  if (!(await repo.markStatementPaid(tx, { companyId, id: view.id, paymentRequestId: opts.paymentRequestId }))) return;
  const paid = await statementViewOf(tx, { companyId, id: view.id });
  opts.emit([
    statementEvent(paid, 'updated', null, ['status', 'paidAt']),
    chargeCustomerEvent(await chargeCustomerViewOf(tx, { companyId, id: view.chargeCustomerId }), 'updated', null, ['aging', 'openTransactions']),
  ]);
}
