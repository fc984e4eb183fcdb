import { computeMoneyTotals } from '@cd/contracts/payment-money';
import {
  moneyLineOf,
  PARTS_MESSAGES,
  type TPartsLine,
  type TPartsLineInput,
  type TPartsStatement,
  type TPartsStatementCreate,
  type TPartsStatementListQuery,
  type TPartsTicket,
  type TPartsTicketCreate,
  type TPartsTicketKind,
  type TPartsTicketListQuery,
} from '@cd/contracts/parts';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, validationError } from '../../lib/errors';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { loadPartsCustomer, pageAskOf, pageOf, type TPage } from './parts-customers.service';
import { partsCompanyOf } from './parts.access';
import { partsStatementEvent, partsTicketEvent, toPartsStatementResource, toPartsTicketResource } from './parts.presenter';
import * as repo from './parts.repository';

/** Sales, counter tickets and statements (docs/parts-and-accounting.md "Parts sales"). */

const LINE_FIELD = {
  unit_price_invalid: 'unitPriceCents',
  quantity_invalid: 'quantity',
  tax_rate_invalid: 'taxRate',
  tax_cents_invalid: 'taxCents',
  total_too_large: 'unitPriceCents',
} as const;

/** The lines with their figures by the one rounding rule (contracts/src/payment-money.ts); 422 names the bad line. */
export function computePartsLines(lines: TPartsLineInput[]): { lines: TPartsLine[]; subtotalCents: number; taxCents: number; totalCents: number } {
  const totals = computeMoneyTotals(lines.map(moneyLineOf));
  if (!totals.ok) {
    const message = totals.error === 'total_too_large' ? 'The total is too large.' : 'This value is not valid.';
    throw validationError([{ propertyPath: `lines.${totals.line ?? 0}.${LINE_FIELD[totals.error]}`, message }]);
  }
  const v = totals.value;
  return {
    lines: lines.map((l, i) => ({
      partNumber: l.partNumber,
      description: l.description,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      taxRate: l.taxRate ?? null,
      netCents: v.lines[i]!.netCents,
      taxCents: v.lines[i]!.taxCents,
      totalCents: v.lines[i]!.totalCents,
    })),
    subtotalCents: v.subtotalCents,
    taxCents: v.taxCents,
    totalCents: v.totalCents,
  };
}

/** Today in the company's calendar is what a counter means by "today"; UTC is close enough without a time zone. */
const todayOf = () => new Date().toISOString().slice(0, 10);

export async function listPartsTickets(opts: { ctx: TRequestContext; kind: TPartsTicketKind; query: TPartsTicketListQuery }): Promise<TPage<TPartsTicket>> {
  const companyId = partsCompanyOf(opts.ctx);
  const ask = pageAskOf(opts.query);
  const q = opts.query;
  const filter: repo.TTicketFilter = { companyId, kind: opts.kind, customerId: q.customer, status: q.status, onStatement: q['exists[statement]'] };
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    const rows = await repo.listPartsTickets(tx, { filter, ask });
    const total = ask.before ? null : await repo.countPartsTickets(tx, { filter });
    return pageOf(rows, ask, total, toPartsTicketResource);
  });
}

export async function loadPartsTicket(tx: TTx, opts: { companyId: number; id: number; kind?: TPartsTicketKind; lock?: boolean }) {
  const row = await repo.findPartsTicket(tx, opts);
  if (!row) throw new AppError('not_found', 'Ticket not found.');
  return row;
}

export async function getPartsTicket(opts: { ctx: TRequestContext; kind: TPartsTicketKind; id: number }): Promise<TPartsTicket> {
  const companyId = partsCompanyOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId }, async (tx) => toPartsTicketResource(await loadPartsTicket(tx, { companyId, id: opts.id, kind: opts.kind })));
}

export async function createPartsTicket(opts: { ctx: TRequestContext; kind: TPartsTicketKind; body: TPartsTicketCreate }): Promise<TPartsTicket> {
  const { ctx, kind, body } = opts;
  const companyId = partsCompanyOf(ctx);
  const figures = computePartsLines(body.lines);
  try {
    return await runWithLiveEvents({
      deps: ctx,
      scope: { companyId },
      fn: async (tx, emit) => {
        const customer = await repo.findPartsCustomer(tx, { companyId, id: body.customer });
        if (!customer) throw validationError([{ propertyPath: 'customer', message: 'Parts customer not found.' }]);
        const id = await repo.insertPartsTicket(tx, {
          companyId,
          values: {
            kind,
            number: body.number ?? null,
            date: body.date ?? todayOf(),
            partsCustomerId: customer.id,
            notes: body.notes ?? '',
            ...figures,
            createdById: ctx.actor.user.id,
          },
        });
        const row = await loadPartsTicket(tx, { companyId, id });
        emit([partsTicketEvent(row, 'created')]);
        return toPartsTicketResource(row);
      },
    });
  } catch (err) {
    if (isUniqueViolation(err, 'parts_tickets_number_key')) throw validationError([{ propertyPath: 'number', message: PARTS_MESSAGES.duplicateNumber }]);
    throw err;
  }
}

/* ---- Statements ---- */

export async function listPartsStatements(opts: { ctx: TRequestContext; query: TPartsStatementListQuery }): Promise<TPage<TPartsStatement>> {
  const companyId = partsCompanyOf(opts.ctx);
  const ask = pageAskOf(opts.query);
  const filter: repo.TStatementFilter = { companyId, customerId: opts.query.customer, status: opts.query.status };
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    const rows = await repo.listPartsStatements(tx, { filter, ask });
    const total = ask.before ? null : await repo.countPartsStatements(tx, { filter });
    return pageOf(rows, ask, total, toPartsStatementResource);
  });
}

export async function loadPartsStatement(tx: TTx, opts: { companyId: number; id: number; lock?: boolean }) {
  const row = await repo.findPartsStatement(tx, opts);
  if (!row) throw new AppError('not_found', 'Statement not found.');
  return row;
}

export async function getPartsStatement(opts: { ctx: TRequestContext; id: number }): Promise<TPartsStatement> {
  const companyId = partsCompanyOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId }, async (tx) => toPartsStatementResource(await loadPartsStatement(tx, { companyId, id: opts.id })));
}

/** A statement of the customer's unpaid tickets dated in [from, to] (422 when there are none to put on it). */
export async function createPartsStatement(opts: { ctx: TRequestContext; body: TPartsStatementCreate }): Promise<TPartsStatement> {
  const { ctx, body } = opts;
  const companyId = partsCompanyOf(ctx);
  return runWithLiveEvents({
    deps: ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      const customer = await repo.findPartsCustomer(tx, { companyId, id: body.customer });
      if (!customer) throw validationError([{ propertyPath: 'customer', message: 'Parts customer not found.' }]);
      const id = await repo.createStatementClaimingTickets(tx, {
        companyId,
        customerId: customer.id,
        from: body.from,
        to: body.to,
        createdById: ctx.actor.user.id,
      });
      // Nothing claimed: the error rolls the empty statement back with the transaction.
      if (id === null) throw validationError([{ propertyPath: 'customer', message: PARTS_MESSAGES.noTickets }]);
      const row = await loadPartsStatement(tx, { companyId, id });
      emit([partsStatementEvent(row, 'created')]);
      return toPartsStatementResource(row);
    },
  });
}

export async function deletePartsStatement(opts: { ctx: TRequestContext; id: number }): Promise<void> {
  const companyId = partsCompanyOf(opts.ctx);
  await runWithLiveEvents({
    deps: opts.ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      const row = await loadPartsStatement(tx, { companyId, id: opts.id, lock: true });
      if (!(await repo.deleteOpenStatement(tx, { companyId, id: opts.id }))) throw new AppError('conflict', PARTS_MESSAGES.statementSent);
      emit([partsStatementEvent(row, 'removed')]);
    },
  });
}

export { loadPartsCustomer };
