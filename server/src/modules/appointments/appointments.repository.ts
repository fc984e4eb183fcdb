import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { TShiftWeek } from '@cd/contracts/appointment';
import type { TAppointmentStatus } from '@cd/contracts/appointment-constants';
import type { TTx } from '../../db/client';
import {
  appointmentHolds,
  appointments,
  appointmentServices,
  type TAppointmentHoldRow,
  type TAppointmentRow,
  type TAppointmentView,
} from './appointments.schema';
import type { TBusy } from './availability';

type TRaw = Record<string, unknown>;
const rowsOf = async (tx: TTx, query: SQL): Promise<TRaw[]> => (await tx.execute(query)).rows as TRaw[];
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const dateOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

/* ---- What availability reads: five statements, whatever the range ---- */

export interface TServiceInfo {
  id: number;
  title: string;
  durationMinutes: number;
}

/** The chosen services of the company, in the order asked; a missing id is simply absent. */
export async function findServices(tx: TTx, opts: { companyId: number; ids: readonly number[] }): Promise<TServiceInfo[]> {
  const rows = await rowsOf(
    tx,
    sql`select id, title, duration_minutes from company_services where company_id = ${opts.companyId} and id = any(${sql.param([...opts.ids])}::bigint[])`,
  );
  const byId = new Map(rows.map((r) => [num(r.id), { id: num(r.id), title: String(r.title), durationMinutes: num(r.duration_minutes) }]));
  return opts.ids.flatMap((id) => byId.get(id) ?? []);
}

/** Shifts of the company's enabled users. */
export async function listShifts(tx: TTx, opts: { companyId: number }): Promise<Map<number, TShiftWeek>> {
  const rows = await rowsOf(
    tx,
    sql`select wh.user_id, wh.days from working_hours wh
        join users u on u.company_id = wh.company_id and u.id = wh.user_id
        where wh.company_id = ${opts.companyId} and u.enabled
        order by wh.user_id`,
  );
  return new Map(rows.map((r) => [num(r.user_id), (typeof r.days === 'string' ? JSON.parse(r.days) : r.days) as TShiftWeek]));
}

/** Vacations overlapping the days `from`..`to`, per user. */
export async function listVacationDays(
  tx: TTx,
  opts: { companyId: number; from: string; to: string },
): Promise<Map<number, { first: string; last: string }[]>> {
  const rows = await rowsOf(
    tx,
    sql`select user_id, first_day::text as first_day, last_day::text as last_day from vacations
        where company_id = ${opts.companyId} and last_day >= ${opts.from}::date and first_day <= ${opts.to}::date`,
  );
  const map = new Map<number, { first: string; last: string }[]>();
  for (const r of rows) {
    const id = num(r.user_id);
    let list = map.get(id);
    if (!list) map.set(id, (list = []));
    list.push({ first: String(r.first_day), last: String(r.last_day) });
  }
  return map;
}

/**
 * What holds time in [from, to): active appointments and holds not expired at `now`. An appointment being moved
 * (`ignoreAppointmentId`) does not count against itself.
 */
export async function listBusy(tx: TTx, opts: { companyId: number; from: Date; to: Date; now: Date; ignoreAppointmentId?: number }): Promise<TBusy[]> {
  const rows = await rowsOf(
    tx,
    sql`select r.subject, lower(r.during) as s, upper(r.during) as e from appointment_reservations r
        left join appointment_holds h on h.company_id = r.company_id and h.id = r.hold_id
        where r.company_id = ${opts.companyId} and r.during && tstzrange(${opts.from.toISOString()}::timestamptz, ${opts.to.toISOString()}::timestamptz)
          and (r.hold_id is null or h.expires_at > ${opts.now.toISOString()}::timestamptz)
          ${opts.ignoreAppointmentId === undefined ? sql`` : sql`and (r.appointment_id is null or r.appointment_id <> ${opts.ignoreAppointmentId})`}`,
  );
  return rows.map((r) => ({ subject: String(r.subject), start: dateOf(r.s).getTime(), end: dateOf(r.e).getTime() }));
}

/** The resources the services need (each once, however many of the services need it). */
export async function listNeededResources(tx: TTx, opts: { companyId: number; serviceIds: readonly number[] }): Promise<{ id: number; capacity: number }[]> {
  const rows = await rowsOf(
    tx,
    sql`select distinct r.id, r.capacity from appointment_resource_services rs
        join appointment_resources r on r.company_id = rs.company_id and r.id = rs.resource_id
        where rs.company_id = ${opts.companyId} and rs.service_id = any(${sql.param([...opts.serviceIds])}::bigint[])
        order by r.id`,
  );
  return rows.map((r) => ({ id: num(r.id), capacity: num(r.capacity) }));
}

/* ---- Reservations: the exclusion constraint decides ---- */

/** Holds `subject` for [start, end); false when something overlapping already holds it (committed or racing). */
export async function tryReserve(
  tx: TTx,
  opts: { companyId: number; owner: { appointmentId: number } | { holdId: number }; subject: string; start: number; end: number },
): Promise<boolean> {
  const appointmentId = 'appointmentId' in opts.owner ? opts.owner.appointmentId : null;
  const holdId = 'holdId' in opts.owner ? opts.owner.holdId : null;
  const rows = await rowsOf(
    tx,
    sql`insert into appointment_reservations (company_id, appointment_id, hold_id, subject, during)
        values (${opts.companyId}, ${appointmentId}, ${holdId}, ${opts.subject},
                tstzrange(${new Date(opts.start).toISOString()}::timestamptz, ${new Date(opts.end).toISOString()}::timestamptz))
        on conflict do nothing returning id`,
  );
  return rows.length === 1;
}

export async function releaseAppointmentTime(tx: TTx, opts: { companyId: number; appointmentId: number }): Promise<void> {
  await tx.execute(sql`delete from appointment_reservations where company_id = ${opts.companyId} and appointment_id = ${opts.appointmentId}`);
}

/** Expired holds give their time back (their reservations go with them). */
export async function deleteExpiredHolds(tx: TTx, opts: { companyId: number; now: Date }): Promise<void> {
  await tx.execute(sql`delete from appointment_holds where company_id = ${opts.companyId} and expires_at <= ${opts.now.toISOString()}::timestamptz`);
}

/* ---- Appointments ---- */

export type TAppointmentValues = Pick<TAppointmentRow, 'customerId' | 'vehicleId' | 'assigneeId' | 'startsAt' | 'endsAt' | 'notes' | 'status' | 'source'>;

export async function insertAppointment(tx: TTx, opts: { companyId: number; values: TAppointmentValues; services: TServiceInfo[] }): Promise<TAppointmentRow> {
  const [row] = await tx
    .insert(appointments)
    .values({ companyId: opts.companyId, ...opts.values })
    .returning();
  await replaceServices(tx, { companyId: opts.companyId, appointmentId: row!.id, services: opts.services });
  return row!;
}

export async function replaceServices(tx: TTx, opts: { companyId: number; appointmentId: number; services: TServiceInfo[] }): Promise<void> {
  await tx.delete(appointmentServices).where(and(eq(appointmentServices.companyId, opts.companyId), eq(appointmentServices.appointmentId, opts.appointmentId)));
  await tx.insert(appointmentServices).values(
    opts.services.map((s, i) => ({
      companyId: opts.companyId,
      appointmentId: opts.appointmentId,
      position: i,
      serviceId: s.id,
      title: s.title,
      durationMinutes: s.durationMinutes,
    })),
  );
}

export async function updateAppointment(tx: TTx, opts: { companyId: number; id: number; values: Partial<TAppointmentValues> }): Promise<TAppointmentRow> {
  const [row] = await tx
    .update(appointments)
    .set({ ...opts.values, updatedAt: new Date() })
    .where(and(eq(appointments.companyId, opts.companyId), eq(appointments.id, opts.id)))
    .returning();
  return row!;
}

/** The row, locked for the rest of the transaction (actions and moves serialise on it). */
export async function lockAppointment(tx: TTx, opts: { companyId: number | null; id: number }): Promise<TAppointmentRow | undefined> {
  const where = opts.companyId === null ? eq(appointments.id, opts.id) : and(eq(appointments.companyId, opts.companyId), eq(appointments.id, opts.id));
  const [row] = await tx.select().from(appointments).where(where).for('update');
  return row;
}

export async function findAppointment(tx: TTx, opts: { companyId: number; id: number }): Promise<TAppointmentRow | undefined> {
  const [row] = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.companyId, opts.companyId), eq(appointments.id, opts.id)));
  return row;
}

export async function setStatus(tx: TTx, opts: { companyId: number; id: number; status: TAppointmentStatus }): Promise<TAppointmentRow> {
  return updateAppointment(tx, { companyId: opts.companyId, id: opts.id, values: { status: opts.status } });
}

/* ---- Reads with what the calendar shows: one statement ---- */

export interface TAppointmentFilter {
  companyId: number;
  ids?: readonly number[];
  from?: Date;
  to?: Date;
  /** null: unassigned only. */
  assigneeId?: number | null;
  statuses?: readonly TAppointmentStatus[];
  customerId?: number;
  limit?: number;
}

function filterSql(f: TAppointmentFilter): SQL {
  const conds: SQL[] = [sql`a.company_id = ${f.companyId}`];
  if (f.ids) conds.push(sql`a.id = any(${sql.param([...f.ids])}::bigint[])`);
  if (f.from) conds.push(sql`a.starts_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) conds.push(sql`a.starts_at < ${f.to.toISOString()}::timestamptz`);
  if (f.assigneeId === null) conds.push(sql`a.assignee_id is null`);
  else if (f.assigneeId !== undefined) conds.push(sql`a.assignee_id = ${f.assigneeId}`);
  if (f.statuses) conds.push(sql`a.status = any(${sql.param([...f.statuses])}::text[])`);
  if (f.customerId !== undefined) conds.push(sql`a.customer_id = ${f.customerId}`);
  return sql.join(conds, sql` and `);
}

function viewOf(r: TRaw): TAppointmentView {
  const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  const year = numOrNull(r.v_year);
  return {
    companyId: num(r.company_id),
    id: num(r.id),
    customerId: num(r.customer_id),
    vehicleId: numOrNull(r.vehicle_id),
    assigneeId: numOrNull(r.assignee_id),
    startsAt: dateOf(r.starts_at),
    endsAt: dateOf(r.ends_at),
    notes: String(r.notes),
    status: r.status as TAppointmentStatus,
    source: r.source as TAppointmentView['source'],
    createdAt: dateOf(r.created_at),
    updatedAt: dateOf(r.updated_at),
    customerName: String(r.customer_name ?? '').trim(),
    customerPhone: (r.customer_phone as string | null) ?? null,
    vehicleLabel: r.v_make ? [year, r.v_make, r.v_model].filter((p) => p !== null && p !== '').join(' ') : null,
    assigneeName: r.assignee_name === null || r.assignee_name === undefined ? null : String(r.assignee_name).trim(),
    services: json<{ id: number; title: string; duration: number }[]>(r.services).map((s) => ({ id: num(s.id), title: s.title, duration: num(s.duration) })),
    resources: json<{ id: number; name: string; kind: 'bay' | 'loaner' | 'other' }[]>(r.resources).map((x) => ({ id: num(x.id), name: x.name, kind: x.kind })),
  };
}

/** Appointments with their customer, vehicle, assignee, services and resources, ordered by start. */
export async function listAppointmentViews(tx: TTx, f: TAppointmentFilter, order: 'asc' | 'desc' = 'asc'): Promise<TAppointmentView[]> {
  const rows = await rowsOf(
    tx,
    sql`select a.*, trim(c.first_name || ' ' || c.last_name) as customer_name, c.phone as customer_phone,
          v.make as v_make, v.model as v_model, v.year as v_year,
          case when u.id is null then null else trim(u.first_name || ' ' || u.last_name) end as assignee_name,
          coalesce((select json_agg(json_build_object('id', s.service_id, 'title', s.title, 'duration', s.duration_minutes) order by s.position)
                    from appointment_services s where s.company_id = a.company_id and s.appointment_id = a.id), '[]'::json) as services,
          coalesce((select json_agg(distinct jsonb_build_object('id', res.id, 'name', res.name, 'kind', res.kind))
                    from appointment_reservations rr
                    join appointment_resources res on res.company_id = rr.company_id and res.id = split_part(rr.subject, ':', 2)::bigint
                    where rr.company_id = a.company_id and rr.appointment_id = a.id and rr.subject like 'r:%'), '[]'::json) as resources
        from appointments a
        join customers c on c.company_id = a.company_id and c.id = a.customer_id
        left join vehicles v on v.company_id = a.company_id and v.id = a.vehicle_id
        left join users u on u.company_id = a.company_id and u.id = a.assignee_id
        where ${filterSql(f)}
        order by a.starts_at ${order === 'asc' ? sql`asc` : sql`desc`}, a.id
        ${f.limit ? sql`limit ${f.limit}` : sql``}`,
  );
  return rows.map(viewOf);
}

/* ---- Holds ---- */

export async function insertHold(
  tx: TTx,
  values: { companyId: number; token: string; serviceIds: number[]; startsAt: Date; endsAt: Date; expiresAt: Date },
): Promise<TAppointmentHoldRow> {
  const [row] = await tx.insert(appointmentHolds).values(values).returning();
  return row!;
}

/** A hold still valid at `now`, locked (booking it twice in parallel: the second finds it gone). */
export async function lockLiveHold(tx: TTx, opts: { companyId: number; token: string; now: Date }): Promise<TAppointmentHoldRow | undefined> {
  const [row] = await tx
    .select()
    .from(appointmentHolds)
    .where(
      and(
        eq(appointmentHolds.companyId, opts.companyId),
        eq(appointmentHolds.token, opts.token),
        sql`${appointmentHolds.expiresAt} > ${opts.now.toISOString()}::timestamptz`,
      ),
    )
    .for('update');
  return row;
}

/** The hold's reservations become the appointment's; then the hold goes. */
export async function convertHold(tx: TTx, opts: { companyId: number; holdId: number; appointmentId: number }): Promise<void> {
  await tx.execute(
    sql`update appointment_reservations set appointment_id = ${opts.appointmentId}, hold_id = null where company_id = ${opts.companyId} and hold_id = ${opts.holdId}`,
  );
  await tx.delete(appointmentHolds).where(and(eq(appointmentHolds.companyId, opts.companyId), eq(appointmentHolds.id, opts.holdId)));
}

export async function deleteHold(tx: TTx, opts: { companyId: number; token: string }): Promise<void> {
  await tx.delete(appointmentHolds).where(and(eq(appointmentHolds.companyId, opts.companyId), eq(appointmentHolds.token, opts.token)));
}

/** The assignee a booking's reservations took (none for a company without shifts). */
export async function assigneeOfReservations(tx: TTx, opts: { companyId: number; appointmentId: number }): Promise<number | null> {
  const rows = await rowsOf(
    tx,
    sql`select split_part(subject, ':', 2) as user_id from appointment_reservations
        where company_id = ${opts.companyId} and appointment_id = ${opts.appointmentId} and subject like 'u:%' limit 1`,
  );
  return rows.length ? num(rows[0]!.user_id) : null;
}

/** The customer's next confirmed appointment still ahead (the messenger's "send reminder"). */
export async function findNextConfirmedAppointment(tx: TTx, opts: { companyId: number; customerId: number; now: Date }): Promise<TAppointmentRow | undefined> {
  const [row] = await tx
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.companyId, opts.companyId),
        eq(appointments.customerId, opts.customerId),
        eq(appointments.status, 'confirmed'),
        sql`${appointments.startsAt} > ${opts.now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(appointments.startsAt)
    .limit(1);
  return row;
}
