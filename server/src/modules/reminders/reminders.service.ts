import {
  REMINDER_LIMITS,
  REMINDER_MESSAGES,
  type TReminder,
  type TReminderCreate,
  type TReminderListQuery,
  type TReminderPatch,
} from '@cd/contracts/reminders';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { AppError, validationError } from '../../lib/errors';
import type { TListTotal } from '../../lib/hydra';
import { idOfRef } from '../../lib/id-ref';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { resolveReadableCompanyId } from '../../tenant-scope';
import { findCustomer } from '../customers/customers.api';
import { reminderEvent, toReminderResource } from './reminders.presenter';
import * as repo from './reminders.repository';
import type { TReminderPageAsk, TReminderRow } from './reminders.schema';

/** A user's own reminders (docs/dashboard.md "Reminders"): nobody else sees, changes or hears of them. */

const DEFAULT_PAGE = 30;

export interface TReminderPage {
  member: TReminder[];
  total: TListTotal | null;
  full: boolean;
  last: { at: Date; id: number } | null;
}

/** Whose reminders and in which company: the signed-in (or impersonated) user's own, in their own company. */
function ownerOf(ctx: TRequestContext): { companyId: number; userId: number } {
  const companyId = resolveReadableCompanyId({ ctx });
  // A super admin working in a company is no user of it: reminders are a company user's to-dos.
  if (ctx.actor.user.companyId !== companyId) throw new AppError('forbidden', 'Reminders belong to the users of a company.');
  return { companyId, userId: ctx.actor.user.id };
}

function pageAskOf(query: TReminderListQuery): TReminderPageAsk {
  if (query.pagination === 'false') return { paginated: false, limit: REMINDER_LIMITS.listMax };
  const after = query['dueAt[strictly_after]'];
  return {
    paginated: true,
    limit: query.itemsPerPage ?? DEFAULT_PAGE,
    after: after ? new Date(after) : undefined,
    idGt: query['id[gt]'],
  };
}

async function load(tx: TTx, owner: { companyId: number; userId: number }, id: number): Promise<TReminderRow> {
  const row = await repo.findReminder(tx, { ...owner, id });
  if (!row) throw new AppError('not_found', REMINDER_MESSAGES.notFound);
  return row;
}

/** The customer a reminder is about: one the caller may see (admins: any of the company; agents: their own), else 422. */
async function customerIdOf(tx: TTx, ctx: TRequestContext, companyId: number, ref: string | number): Promise<number> {
  const id = idOfRef({ ref, resource: 'customers', propertyPath: 'customer' });
  const customer = await findCustomer(tx, { companyId, ownerId: ctx.actor.isCompanyAdmin ? null : ctx.actor.user.id, id });
  if (!customer) throw validationError([{ propertyPath: 'customer', message: REMINDER_MESSAGES.customerNotFound }]);
  return customer.id;
}

export async function listReminders(opts: { ctx: TRequestContext; query: TReminderListQuery }): Promise<TReminderPage> {
  const owner = ownerOf(opts.ctx);
  const ask = pageAskOf(opts.query);
  const filter = { ...owner, done: opts.query.done, customerId: opts.query.customer };
  return runInScope(opts.ctx.db, { companyId: owner.companyId }, async (tx) => {
    const rows = await repo.listReminders(tx, { ...filter, ask });
    const total = ask.after || !ask.paginated ? null : await repo.countReminders(tx, filter);
    const last = rows.at(-1);
    return {
      member: rows.map(toReminderResource),
      total,
      full: ask.paginated && rows.length === ask.limit,
      last: last ? { at: last.dueAt, id: last.id } : null,
    };
  });
}

/** The dashboard card: the caller's open reminders, soonest due first (overdue ones lead). */
export async function listOpenRemindersInTx(tx: TTx, opts: { companyId: number; userId: number; limit: number }): Promise<TReminder[]> {
  const rows = await repo.listReminders(tx, { companyId: opts.companyId, userId: opts.userId, done: false, ask: { paginated: false, limit: opts.limit } });
  return rows.map(toReminderResource);
}

export async function getReminder(opts: { ctx: TRequestContext; id: number }): Promise<TReminder> {
  const owner = ownerOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId: owner.companyId }, async (tx) => toReminderResource(await load(tx, owner, opts.id)));
}

export async function createReminder(opts: { ctx: TRequestContext; body: TReminderCreate }): Promise<TReminder> {
  const owner = ownerOf(opts.ctx);
  return runWithLiveEvents({
    deps: opts.ctx,
    scope: { companyId: owner.companyId },
    fn: async (tx, emit) => {
      const ref = opts.body.customer;
      const customerId = ref === null || ref === undefined ? null : await customerIdOf(tx, opts.ctx, owner.companyId, ref);
      const id = await repo.insertReminder(tx, { ...owner, customerId, text: opts.body.text, dueAt: new Date(opts.body.dueAt) });
      const row = await load(tx, owner, id);
      emit([reminderEvent(row, 'created')]);
      return toReminderResource(row);
    },
  });
}

/** Merge-patch: only the fields sent change; `done: true` sets the done time (kept if already done), false clears it. */
export async function changeReminder(opts: { ctx: TRequestContext; id: number; body: TReminderPatch }): Promise<TReminder> {
  const owner = ownerOf(opts.ctx);
  const { body } = opts;
  return runWithLiveEvents({
    deps: opts.ctx,
    scope: { companyId: owner.companyId },
    fn: async (tx, emit) => {
      await load(tx, owner, opts.id);
      await repo.updateReminder(tx, { ...owner, id: opts.id, text: body.text, dueAt: body.dueAt ? new Date(body.dueAt) : undefined, done: body.done });
      const row = await load(tx, owner, opts.id);
      const changes = [body.text !== undefined && 'text', body.dueAt !== undefined && 'dueAt', body.done !== undefined && 'doneAt'].filter(
        (c): c is string => !!c,
      );
      emit([reminderEvent(row, 'updated', changes)]);
      return toReminderResource(row);
    },
  });
}

export async function deleteReminder(opts: { ctx: TRequestContext; id: number }): Promise<void> {
  const owner = ownerOf(opts.ctx);
  await runWithLiveEvents({
    deps: opts.ctx,
    scope: { companyId: owner.companyId },
    fn: async (tx, emit) => {
      const row = await load(tx, owner, opts.id);
      if (!(await repo.deleteReminder(tx, { ...owner, id: opts.id }))) throw new AppError('not_found', REMINDER_MESSAGES.notFound);
      emit([reminderEvent(row, 'removed')]);
    },
  });
}
