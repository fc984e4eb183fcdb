import {
  daysBetween,
  type TShiftWeek,
  type TVacation,
  type TVacationCreate,
  type TVacationListQuery,
  type TVacationPatch,
  type TWorkingHours,
  type TWorkingHoursCreate,
  type TWorkingHoursListQuery,
} from '@cd/contracts/appointment';
import { WEEKDAYS } from '@cd/contracts/company';
import type { TRequestContext } from '../../context';
import { runInScope, type TScope, type TTx } from '../../db/client';
import { AppError, validationError } from '../../lib/errors';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { resolveReadableCompanyId, resolveRecordScope } from '../../tenant-scope';
import { findUserById, type TUserRow } from '../users/users.api';
import { loadAppointmentsCompany, requireAppointmentsReader, requireScheduleWriter } from './appointments.access';
import { runScheduleRecordChange } from './schedule-change';
import { toVacationResource, toWorkingHoursResource, vacationEvent, workingHoursEvent } from './schedule.presenter';
import * as repo from './schedule.repository';

/**
 * Shifts (`/api/working_hours`, one record per user) and vacations (`/api/vacations`) of spec part 2 §5, §7: the
 * appointments readers see them, company admins change them (docs/api-appointments.md). Availability reads the
 * same rows, so a change shows in the free times at once.
 */

/** The longest vacation (days from the first to the last day), as the contracts' ZVacation*Schema say. */
const VACATION_MAX_SPAN_DAYS = 365;

/** A reader of a company with the module on. */
async function readableCompany(tx: TTx, ctx: TRequestContext, companyId: number): Promise<void> {
  requireAppointmentsReader(ctx);
  await loadAppointmentsCompany(tx, companyId);
}

/**
 * Where a new shift or vacation goes: the caller's company, or for a super admin the company of the user named (a
 * super admin works across companies). The user must be of that company and enabled: 422 on `user` otherwise.
 */
function creationScope(ctx: TRequestContext): { scope: TScope; companyId: number | null } {
  if (ctx.actor.isSuperAdmin) return { scope: { companyId: null, system: true }, companyId: null };
  const companyId = resolveReadableCompanyId({ ctx });
  return { scope: { companyId }, companyId };
}

async function scheduledUser(tx: TTx, opts: { companyId: number | null; userId: number }): Promise<TUserRow & { companyId: number }> {
  if (opts.companyId !== null) await loadAppointmentsCompany(tx, opts.companyId);
  const user = await findUserById(tx, { companyId: opts.companyId, id: opts.userId });
  if (!user || user.companyId === null) throw validationError([{ propertyPath: 'user', message: 'User not found.' }]);
  if (!user.enabled) throw validationError([{ propertyPath: 'user', message: 'This user is disabled.' }]);
  if (opts.companyId === null) await loadAppointmentsCompany(tx, user.companyId);
  return user as TUserRow & { companyId: number };
}

/** Each day's shifts in order of their start (the schema already refused overlaps). */
function sortedWeek(days: TShiftWeek): TShiftWeek {
  return Object.fromEntries(WEEKDAYS.map((d) => [d, [...days[d]].sort((a, b) => a.startsAt.localeCompare(b.startsAt))])) as TShiftWeek;
}

/* ---- Shifts ---- */

export async function listWorkingHours(opts: { ctx: TRequestContext; query: TWorkingHoursListQuery }): Promise<TWorkingHours[]> {
  const { ctx, query } = opts;
  const companyId = resolveReadableCompanyId({ ctx, requested: query.company });
  return runInScope(ctx.db, { companyId }, async (tx) => {
    await readableCompany(tx, ctx, companyId);
    return (await repo.listWorkingHours(tx, { companyId, userId: query.user })).map(toWorkingHoursResource);
  });
}

async function loadWorkingHours(tx: TTx, opts: { companyId: number | null; id: number; lock?: boolean }): Promise<repo.TWorkingHoursRow> {
  const row = await repo.findWorkingHours(tx, opts);
  if (!row) throw new AppError('not_found', 'Working hours not found.');
  return row;
}

export async function getWorkingHours(opts: { ctx: TRequestContext; id: number }): Promise<TWorkingHours> {
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  return runInScope(opts.ctx.db, scope, async (tx) => {
    const row = await loadWorkingHours(tx, { companyId, id: opts.id });
    await readableCompany(tx, opts.ctx, row.companyId);
    return toWorkingHoursResource(row);
  });
}

/** One record per user: a second one answers 409 with the existing record's IRI (the unique key decides races). */
export async function createWorkingHours(opts: { ctx: TRequestContext; body: TWorkingHoursCreate }): Promise<TWorkingHours> {
  const { ctx, body } = opts;
  requireScheduleWriter(ctx);
  const { scope, companyId: scoped } = creationScope(ctx);
  return runWithLiveEvents({
    deps: ctx,
    scope,
    fn: async (tx, emit) => {
      const user = await scheduledUser(tx, { companyId: scoped, userId: body.user });
      const companyId = user.companyId;
      const id = await repo.insertWorkingHours(tx, { companyId, userId: user.id, days: sortedWeek(body.days) });
      if (id === null) {
        const existing = await repo.findWorkingHoursIdOfUser(tx, { companyId, userId: user.id });
        throw new AppError('conflict', 'This user already has shifts: change them instead of adding new ones.', undefined, undefined, {
          existing: existing === null ? null : `/api/working_hours/${existing}`,
        });
      }
      const row = await loadWorkingHours(tx, { companyId, id });
      emit([workingHoursEvent(row, 'created')]);
      return toWorkingHoursResource(row);
    },
  });
}

export async function replaceWorkingHours(opts: { ctx: TRequestContext; id: number; days: TShiftWeek }): Promise<TWorkingHours> {
  const { ctx } = opts;
  return runScheduleRecordChange({
    ctx,
    fn: async (tx, emit, scoped) => {
      const current = await loadWorkingHours(tx, { companyId: scoped, id: opts.id, lock: true });
      await loadAppointmentsCompany(tx, current.companyId);
      const days = sortedWeek(opts.days);
      if (JSON.stringify(days) === JSON.stringify(sortedWeek(current.days))) return toWorkingHoursResource(current);
      await repo.replaceWorkingHours(tx, { companyId: current.companyId, id: current.id, days });
      const row = await loadWorkingHours(tx, { companyId: current.companyId, id: current.id });
      emit([workingHoursEvent(row, 'updated')]);
      return toWorkingHoursResource(row);
    },
  });
}

export async function deleteWorkingHours(opts: { ctx: TRequestContext; id: number }): Promise<void> {
  const { ctx } = opts;
  await runScheduleRecordChange({
    ctx,
    fn: async (tx, emit, scoped) => {
      const row = await loadWorkingHours(tx, { companyId: scoped, id: opts.id, lock: true });
      await loadAppointmentsCompany(tx, row.companyId);
      await repo.deleteWorkingHours(tx, { companyId: row.companyId, id: row.id });
      emit([workingHoursEvent(row, 'removed')]);
    },
  });
}

/* ---- Vacations ---- */

export async function listVacations(opts: { ctx: TRequestContext; query: TVacationListQuery }): Promise<TVacation[]> {
  const { ctx, query } = opts;
  const companyId = resolveReadableCompanyId({ ctx, requested: query.company });
  return runInScope(ctx.db, { companyId }, async (tx) => {
    await readableCompany(tx, ctx, companyId);
    const rows = await repo.listVacations(tx, { companyId, userId: query.user, from: query.from, to: query.to });
    return rows.map(toVacationResource);
  });
}

async function loadVacation(tx: TTx, opts: { companyId: number | null; id: number; lock?: boolean }): Promise<repo.TVacationRow> {
  const row = await repo.findVacation(tx, opts);
  if (!row) throw new AppError('not_found', 'Vacation not found.');
  return row;
}

export async function getVacation(opts: { ctx: TRequestContext; id: number }): Promise<TVacation> {
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  return runInScope(opts.ctx.db, scope, async (tx) => {
    const row = await loadVacation(tx, { companyId, id: opts.id });
    await readableCompany(tx, opts.ctx, row.companyId);
    return toVacationResource(row);
  });
}

/** The days of a vacation after a change: the last not before the first, at most a year, no day shared with another of the user's. */
async function checkVacationDays(tx: TTx, opts: { companyId: number; userId: number; first: string; last: string; exceptId?: number }): Promise<void> {
  const span = daysBetween({ from: opts.first, to: opts.last });
  if (span < 0) throw validationError([{ propertyPath: 'to', message: 'The last day cannot be before the first.' }]);
  if (span > VACATION_MAX_SPAN_DAYS) throw validationError([{ propertyPath: 'to', message: 'A vacation lasts at most a year.' }]);
  const other = await repo.findOverlappingVacation(tx, opts);
  if (other) throw validationError([{ propertyPath: 'from', message: `This user is already on vacation from ${other.firstDay} to ${other.lastDay}.` }]);
}

export async function createVacation(opts: { ctx: TRequestContext; body: TVacationCreate }): Promise<TVacation> {
  const { ctx, body } = opts;
  requireScheduleWriter(ctx);
  const { scope, companyId: scoped } = creationScope(ctx);
  return runWithLiveEvents({
    deps: ctx,
    scope,
    fn: async (tx, emit) => {
      const user = await scheduledUser(tx, { companyId: scoped, userId: body.user });
      const companyId = user.companyId;
      await checkVacationDays(tx, { companyId, userId: user.id, first: body.from, last: body.to });
      const id = await repo.insertVacation(tx, { companyId, userId: user.id, first: body.from, last: body.to, note: body.note ?? '' });
      const row = await loadVacation(tx, { companyId, id });
      emit([vacationEvent(row, 'created')]);
      return toVacationResource(row);
    },
  });
}

export async function changeVacation(opts: { ctx: TRequestContext; id: number; body: TVacationPatch }): Promise<TVacation> {
  const { ctx, body } = opts;
  return runScheduleRecordChange({
    ctx,
    fn: async (tx, emit, scoped) => {
      const current = await loadVacation(tx, { companyId: scoped, id: opts.id, lock: true });
      const companyId = current.companyId;
      await loadAppointmentsCompany(tx, companyId);
      const next = { first: body.from ?? current.firstDay, last: body.to ?? current.lastDay, note: body.note ?? current.note };
      const changes = [
        ...(next.first !== current.firstDay ? ['from'] : []),
        ...(next.last !== current.lastDay ? ['to'] : []),
        ...(next.note !== current.note ? ['note'] : []),
      ];
      if (!changes.length) return toVacationResource(current);
      if (changes.includes('from') || changes.includes('to'))
        await checkVacationDays(tx, { companyId, userId: current.userId, first: next.first, last: next.last, exceptId: current.id });
      await repo.updateVacation(tx, { companyId, id: current.id, ...next });
      const row = await loadVacation(tx, { companyId, id: current.id });
      emit([vacationEvent(row, 'updated', changes)]);
      return toVacationResource(row);
    },
  });
}

export async function deleteVacation(opts: { ctx: TRequestContext; id: number }): Promise<void> {
  const { ctx } = opts;
  await runScheduleRecordChange({
    ctx,
    fn: async (tx, emit, scoped) => {
      const row = await loadVacation(tx, { companyId: scoped, id: opts.id, lock: true });
      await loadAppointmentsCompany(tx, row.companyId);
      await repo.deleteVacation(tx, { companyId: row.companyId, id: row.id });
      emit([vacationEvent(row, 'removed')]);
    },
  });
}
