import { sql, type SQL } from 'drizzle-orm';
import type { TShiftWeek } from '@cd/contracts/appointment';
import type { TAppointmentResourceKind } from '@cd/contracts/appointment-constants';
import type { TTx } from '../../db/client';

/**
 * SQL of shifts (working_hours), vacations and shared resources (migration 0021). Every read of a list is one
 * statement with the user's name or the resource's services joined in, whatever the number of rows. The
 * availability engine reads the same tables through appointments.repository.ts (listShifts, listVacationDays).
 */

type TRaw = Record<string, unknown>;
const rowsOf = async (tx: TTx, query: SQL): Promise<TRaw[]> => (await tx.execute(query)).rows as TRaw[];
const num = (v: unknown) => Number(v);
const dateOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
/** `companyId` null (super admins, system scope): the row is found in any company. */
const companyIs = (alias: string, companyId: number | null) => (companyId === null ? sql`true` : sql`${sql.raw(alias)}.company_id = ${companyId}`);
const userName = (alias: string) => sql`trim(coalesce(${sql.raw(alias)}.first_name, '') || ' ' || coalesce(${sql.raw(alias)}.last_name, ''))`;

/* ---- Shifts ---- */

export interface TWorkingHoursRow {
  companyId: number;
  id: number;
  userId: number;
  userName: string;
  days: TShiftWeek;
  updatedAt: Date;
}

function workingHoursOf(r: TRaw): TWorkingHoursRow {
  return {
    companyId: num(r.company_id),
    id: num(r.id),
    userId: num(r.user_id),
    userName: String(r.user_name ?? ''),
    days: jsonOf<TShiftWeek>(r.days),
    updatedAt: dateOf(r.updated_at),
  };
}

const WORKING_HOURS_SELECT = sql`select wh.company_id, wh.id, wh.user_id, wh.days, wh.updated_at, ${userName('u')} as user_name
  from working_hours wh join users u on u.company_id = wh.company_id and u.id = wh.user_id`;

/** The shifts of the company's enabled users (the ones availability counts), by name. */
export async function listWorkingHours(tx: TTx, opts: { companyId: number; userId?: number }): Promise<TWorkingHoursRow[]> {
  const rows = await rowsOf(
    tx,
    sql`${WORKING_HOURS_SELECT}
        where wh.company_id = ${opts.companyId} and u.enabled ${opts.userId === undefined ? sql`` : sql`and wh.user_id = ${opts.userId}`}
        order by lower(${userName('u')}), wh.id`,
  );
  return rows.map(workingHoursOf);
}

export async function findWorkingHours(tx: TTx, opts: { companyId: number | null; id: number; lock?: boolean }): Promise<TWorkingHoursRow | undefined> {
  const [row] = await rowsOf(
    tx,
    sql`${WORKING_HOURS_SELECT} where ${companyIs('wh', opts.companyId)} and wh.id = ${opts.id} ${opts.lock ? sql`for update of wh` : sql``}`,
  );
  return row ? workingHoursOf(row) : undefined;
}

/** The new record's id, or null when the user already has one (the unique key decides, so two racing POSTs make one). */
export async function insertWorkingHours(tx: TTx, opts: { companyId: number; userId: number; days: TShiftWeek }): Promise<number | null> {
  const rows = await rowsOf(
    tx,
    sql`insert into working_hours (company_id, user_id, days) values (${opts.companyId}, ${opts.userId}, ${JSON.stringify(opts.days)}::jsonb)
        on conflict (company_id, user_id) do nothing returning id`,
  );
  return rows.length ? num(rows[0]!.id) : null;
}

/** The id of the user's record (for the 409 of a second POST). */
export async function findWorkingHoursIdOfUser(tx: TTx, opts: { companyId: number; userId: number }): Promise<number | null> {
  const rows = await rowsOf(tx, sql`select id from working_hours where company_id = ${opts.companyId} and user_id = ${opts.userId}`);
  return rows.length ? num(rows[0]!.id) : null;
}

export async function replaceWorkingHours(tx: TTx, opts: { companyId: number; id: number; days: TShiftWeek }): Promise<void> {
  await tx.execute(
    sql`update working_hours set days = ${JSON.stringify(opts.days)}::jsonb, updated_at = now() where company_id = ${opts.companyId} and id = ${opts.id}`,
  );
}

export async function deleteWorkingHours(tx: TTx, opts: { companyId: number; id: number }): Promise<void> {
  await tx.execute(sql`delete from working_hours where company_id = ${opts.companyId} and id = ${opts.id}`);
}

/* ---- Vacations ---- */

export interface TVacationRow {
  companyId: number;
  id: number;
  userId: number;
  userName: string;
  /** First and last day off, `YYYY-MM-DD`, inclusive. */
  firstDay: string;
  lastDay: string;
  note: string;
  createdAt: Date;
}

function vacationOf(r: TRaw): TVacationRow {
  return {
    companyId: num(r.company_id),
    id: num(r.id),
    userId: num(r.user_id),
    userName: String(r.user_name ?? ''),
    firstDay: String(r.first_day),
    lastDay: String(r.last_day),
    note: String(r.note ?? ''),
    createdAt: dateOf(r.created_at),
  };
}

const VACATION_SELECT = sql`select v.company_id, v.id, v.user_id, v.first_day::text as first_day, v.last_day::text as last_day, v.note, v.created_at,
  ${userName('u')} as user_name
  from vacations v join users u on u.company_id = v.company_id and u.id = v.user_id`;

/** Vacations of the company's enabled users overlapping the days `from`..`to` (either bound optional), earliest first. */
export async function listVacations(tx: TTx, opts: { companyId: number; userId?: number; from?: string; to?: string }): Promise<TVacationRow[]> {
  const conds: SQL[] = [sql`v.company_id = ${opts.companyId}`, sql`u.enabled`];
  if (opts.userId !== undefined) conds.push(sql`v.user_id = ${opts.userId}`);
  if (opts.from !== undefined) conds.push(sql`v.last_day >= ${opts.from}::date`);
  if (opts.to !== undefined) conds.push(sql`v.first_day <= ${opts.to}::date`);
  const rows = await rowsOf(tx, sql`${VACATION_SELECT} where ${sql.join(conds, sql` and `)} order by v.first_day, lower(${userName('u')}), v.id`);
  return rows.map(vacationOf);
}

export async function findVacation(tx: TTx, opts: { companyId: number | null; id: number; lock?: boolean }): Promise<TVacationRow | undefined> {
  const [row] = await rowsOf(
    tx,
    sql`${VACATION_SELECT} where ${companyIs('v', opts.companyId)} and v.id = ${opts.id} ${opts.lock ? sql`for update of v` : sql``}`,
  );
  return row ? vacationOf(row) : undefined;
}

/** Another vacation of the user sharing a day with `first`..`last` (one is enough to refuse the overlap). */
export async function findOverlappingVacation(
  tx: TTx,
  opts: { companyId: number; userId: number; first: string; last: string; exceptId?: number },
): Promise<TVacationRow | undefined> {
  const [row] = await rowsOf(
    tx,
    sql`${VACATION_SELECT} where v.company_id = ${opts.companyId} and v.user_id = ${opts.userId}
          and v.last_day >= ${opts.first}::date and v.first_day <= ${opts.last}::date
          ${opts.exceptId === undefined ? sql`` : sql`and v.id <> ${opts.exceptId}`}
        order by v.first_day limit 1`,
  );
  return row ? vacationOf(row) : undefined;
}

export async function insertVacation(tx: TTx, opts: { companyId: number; userId: number; first: string; last: string; note: string }): Promise<number> {
  const [row] = await rowsOf(
    tx,
    sql`insert into vacations (company_id, user_id, first_day, last_day, note)
        values (${opts.companyId}, ${opts.userId}, ${opts.first}::date, ${opts.last}::date, ${opts.note}) returning id`,
  );
  return num(row!.id);
}

export async function updateVacation(tx: TTx, opts: { companyId: number; id: number; first: string; last: string; note: string }): Promise<void> {
  await tx.execute(
    sql`update vacations set first_day = ${opts.first}::date, last_day = ${opts.last}::date, note = ${opts.note}
        where company_id = ${opts.companyId} and id = ${opts.id}`,
  );
}

export async function deleteVacation(tx: TTx, opts: { companyId: number; id: number }): Promise<void> {
  await tx.execute(sql`delete from vacations where company_id = ${opts.companyId} and id = ${opts.id}`);
}

/* ---- Shared resources ---- */

export interface TResourceRow {
  companyId: number;
  id: number;
  name: string;
  kind: TAppointmentResourceKind;
  capacity: number;
  serviceIds: number[];
  createdAt: Date;
  updatedAt: Date;
}

export type TResourceValues = { name: string; kind: TAppointmentResourceKind; capacity: number };

function resourceOf(r: TRaw): TResourceRow {
  return {
    companyId: num(r.company_id),
    id: num(r.id),
    name: String(r.name),
    kind: r.kind as TAppointmentResourceKind,
    capacity: num(r.capacity),
    serviceIds: jsonOf<unknown[]>(r.service_ids).map(num),
    createdAt: dateOf(r.created_at),
    updatedAt: dateOf(r.updated_at),
  };
}

const RESOURCE_SELECT = sql`select r.*, coalesce((select json_agg(rs.service_id order by rs.service_id) from appointment_resource_services rs
    where rs.company_id = r.company_id and rs.resource_id = r.id), '[]'::json) as service_ids
  from appointment_resources r`;

/** The company's resources with the services that need them, by name. */
export async function listResources(tx: TTx, opts: { companyId: number }): Promise<TResourceRow[]> {
  const rows = await rowsOf(tx, sql`${RESOURCE_SELECT} where r.company_id = ${opts.companyId} order by lower(r.name), r.id`);
  return rows.map(resourceOf);
}

export async function findResource(tx: TTx, opts: { companyId: number | null; id: number; lock?: boolean }): Promise<TResourceRow | undefined> {
  const [row] = await rowsOf(
    tx,
    sql`${RESOURCE_SELECT} where ${companyIs('r', opts.companyId)} and r.id = ${opts.id} ${opts.lock ? sql`for update of r` : sql``}`,
  );
  return row ? resourceOf(row) : undefined;
}

export async function insertResource(tx: TTx, opts: { companyId: number; values: TResourceValues }): Promise<number> {
  const { name, kind, capacity } = opts.values;
  const [row] = await rowsOf(
    tx,
    sql`insert into appointment_resources (company_id, name, kind, capacity) values (${opts.companyId}, ${name}, ${kind}, ${capacity}) returning id`,
  );
  return num(row!.id);
}

export async function updateResource(tx: TTx, opts: { companyId: number; id: number; values: TResourceValues }): Promise<void> {
  const { name, kind, capacity } = opts.values;
  await tx.execute(
    sql`update appointment_resources set name = ${name}, kind = ${kind}, capacity = ${capacity}, updated_at = now()
        where company_id = ${opts.companyId} and id = ${opts.id}`,
  );
}

/** The services that need the resource become exactly `serviceIds` (two statements, whatever their number). */
export async function replaceResourceServices(tx: TTx, opts: { companyId: number; resourceId: number; serviceIds: readonly number[] }): Promise<void> {
  await tx.execute(sql`delete from appointment_resource_services where company_id = ${opts.companyId} and resource_id = ${opts.resourceId}`);
  if (!opts.serviceIds.length) return;
  await tx.execute(
    sql`insert into appointment_resource_services (company_id, resource_id, service_id)
        select ${opts.companyId}, ${opts.resourceId}, s from unnest(${sql.param([...opts.serviceIds])}::bigint[]) as s`,
  );
}

export async function deleteResource(tx: TTx, opts: { companyId: number; id: number }): Promise<void> {
  await tx.execute(sql`delete from appointment_resources where company_id = ${opts.companyId} and id = ${opts.id}`);
}

/** Which of `ids` are services of the company. */
export async function findCompanyServiceIds(tx: TTx, opts: { companyId: number; ids: readonly number[] }): Promise<Set<number>> {
  if (!opts.ids.length) return new Set();
  const rows = await rowsOf(tx, sql`select id from company_services where company_id = ${opts.companyId} and id = any(${sql.param([...opts.ids])}::bigint[])`);
  return new Set(rows.map((r) => num(r.id)));
}
