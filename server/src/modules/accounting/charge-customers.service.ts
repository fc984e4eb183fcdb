import {
  AR_MESSAGES,
  type TArAgingSummary,
  type TArTransaction,
  type TArTransactionListQuery,
  type TChargeCustomer,
  type TChargeCustomerCreate,
  type TChargeCustomerListQuery,
  type TChargeCustomerPatch,
} from '@cd/contracts/accounting';
import { localDayOf } from '@cd/contracts/survey-dates';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { AppError, validationError } from '../../lib/errors';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { resolveReadableCompanyId, resolveRecordScope } from '../../tenant-scope';
import { findCompany } from '../companies/companies.api';
import { findCustomer } from '../customers/customers.api';
import { requireAccounting } from './accounting.access';
import { chargeCustomerEvent, toChargeCustomerResource, toTransactionResource } from './accounting.presenter';
import * as repo from './accounting.repository';
import type { TChargeCustomerRow, TChargeCustomerView } from './accounting.schema';

/** Charge customers (trade accounts), their transactions and the aging summary (docs/parts-and-accounting.md). */

/** "Today" and the day of a transaction are the company's calendar days. */
export async function clockOf(tx: TTx, companyId: number, now = new Date()): Promise<repo.TAgingClock> {
  const company = await findCompany(tx, companyId);
  if (!company) throw new AppError('not_found', 'Company not found.');
  return { today: localDayOf({ instant: now, timeZone: company.timezone }), timeZone: company.timezone };
}

export async function chargeCustomerViewOf(tx: TTx, opts: { companyId: number; id: number }): Promise<TChargeCustomerView> {
  const [view] = await repo.listChargeCustomerViews(tx, { filter: { companyId: opts.companyId, ids: [opts.id] }, clock: await clockOf(tx, opts.companyId) });
  if (!view) throw new AppError('not_found', 'Charge customer not found.');
  return view;
}

export async function listChargeCustomers(opts: { ctx: TRequestContext; query: TChargeCustomerListQuery; limit: number; offset: number }) {
  const { ctx, query } = opts;
  requireAccounting(ctx);
  const companyId = resolveReadableCompanyId({ ctx, requested: query.company });
  return runInScope(ctx.db, { companyId }, async (tx) => {
    const filter = { companyId, search: query.search?.trim() || undefined };
    const clock = await clockOf(tx, companyId);
    const views = await repo.listChargeCustomerViews(tx, { filter, clock, limit: opts.limit, offset: opts.offset });
    const total = await repo.countChargeCustomers(tx, { filter });
    return { member: views.map(toChargeCustomerResource), total };
  });
}

/** The charge customer by id, for any route that names one; 404 for another company's. */
async function lockCustomerFor(tx: TTx, opts: { companyId: number | null; id: number }): Promise<TChargeCustomerRow> {
  const row = await repo.lockChargeCustomer(tx, opts);
  if (!row) throw new AppError('not_found', 'Charge customer not found.');
  return row;
}

export async function getChargeCustomer(opts: { ctx: TRequestContext; id: number }): Promise<TChargeCustomer> {
  requireAccounting(opts.ctx);
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  return runInScope(opts.ctx.db, scope, async (tx) => {
    const row = await lockCustomerFor(tx, { companyId, id: opts.id });
    return toChargeCustomerResource(await chargeCustomerViewOf(tx, { companyId: row.companyId, id: row.id }));
  });
}

/** The messaging customer a statement goes to must be one of this company's (422 on the field otherwise). */
async function checkMessagingCustomer(tx: TTx, companyId: number, customerId: number | null | undefined): Promise<void> {
  if (!customerId) return;
  const customer = await findCustomer(tx, { companyId, ownerId: null, id: customerId });
  if (!customer) throw validationError([{ propertyPath: 'customer', message: 'Customer not found.' }]);
}

const accountUsed = () => validationError([{ propertyPath: 'accountNumber', message: AR_MESSAGES.accountNumberUsed }]);

export async function createChargeCustomer(opts: { ctx: TRequestContext; body: TChargeCustomerCreate }): Promise<TChargeCustomer> {
  const { ctx, body } = opts;
  requireAccounting(ctx);
  const companyId = resolveReadableCompanyId({ ctx, requested: body.company });
  return runWithLiveEvents({
    deps: ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      await checkMessagingCustomer(tx, companyId, body.customer);
      const id = await repo.insertChargeCustomer(tx, {
        companyId,
        values: { name: body.name, accountNumber: body.accountNumber, phone: body.phone ?? null, email: body.email ?? null, customerId: body.customer ?? null },
      });
      if (id === null) throw accountUsed();
      const view = await chargeCustomerViewOf(tx, { companyId, id });
      emit([chargeCustomerEvent(view, 'created', ctx.actor.user.id)]);
      return toChargeCustomerResource(view);
    },
  });
}

export async function changeChargeCustomer(opts: { ctx: TRequestContext; id: number; body: TChargeCustomerPatch }): Promise<TChargeCustomer> {
  const { ctx, body } = opts;
  requireAccounting(ctx);
  const { scope, companyId: scoped } = resolveRecordScope({ ctx });
  return runWithLiveEvents({
    deps: ctx,
    scope,
    fn: async (tx, emit) => {
      const row = await lockCustomerFor(tx, { companyId: scoped, id: opts.id });
      const companyId = row.companyId;
      await checkMessagingCustomer(tx, companyId, body.customer);
      const changes = (Object.keys(body) as (keyof TChargeCustomerPatch)[]).filter((k) => body[k] !== undefined);
      if (changes.length > 0) {
        const ok = await repo.updateChargeCustomer(tx, {
          companyId,
          id: row.id,
          values: {
            name: body.name ?? row.name,
            accountNumber: body.accountNumber ?? row.accountNumber,
            phone: body.phone !== undefined ? body.phone : row.phone,
            email: body.email !== undefined ? body.email : row.email,
            customerId: body.customer !== undefined ? body.customer : row.customerId,
          },
        });
        if (!ok) throw accountUsed();
      }
      const view = await chargeCustomerViewOf(tx, { companyId, id: row.id });
      if (changes.length > 0) emit([chargeCustomerEvent(view, 'updated', ctx.actor.user.id, changes)]);
      return toChargeCustomerResource(view);
    },
  });
}

export const TRANSACTIONS_PAGE = 50;

/** GET /api/automotive/transactions?customer=…: newest first, keyset on (transactionAt, id). */
export async function listTransactions(opts: {
  ctx: TRequestContext;
  query: TArTransactionListQuery;
}): Promise<{ member: TArTransaction[]; next: string | null }> {
  const { ctx, query } = opts;
  requireAccounting(ctx);
  const { scope, companyId: scoped } = resolveRecordScope({ ctx });
  const limit = query.itemsPerPage ?? TRANSACTIONS_PAGE;
  const before = query.before
    ? { at: new Date(query.before.slice(0, query.before.lastIndexOf('_'))), id: Number(query.before.slice(query.before.lastIndexOf('_') + 1)) }
    : undefined;
  if (before && Number.isNaN(before.at.getTime())) throw validationError([{ propertyPath: 'before', message: 'Expected <ISO time>_<id>.' }]);
  return runInScope(ctx.db, scope, async (tx) => {
    const customer = await lockCustomerFor(tx, { companyId: scoped, id: query.customer });
    const rows = await repo.listTransactions(tx, {
      companyId: customer.companyId,
      customerId: customer.id,
      reconciled: query.reconciled,
      inStatement: query.inStatement,
      before,
      limit,
    });
    const last = rows.length === limit ? rows[rows.length - 1]! : null;
    return { member: rows.map(toTransactionResource), next: last ? `${last.transactionAt.toISOString()}_${last.id}` : null };
  });
}

/** GET /api/automotive/aging: the company's open balance by age. */
export async function getAgingSummary(opts: { ctx: TRequestContext; company?: number }): Promise<TArAgingSummary> {
  requireAccounting(opts.ctx);
  const companyId = resolveReadableCompanyId({ ctx: opts.ctx, requested: opts.company });
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    const clock = await clockOf(tx, companyId);
    const { aging, customers } = await repo.agingTotals(tx, { companyId, clock });
    return { asOf: clock.today, total: aging, customers };
  });
}
