import { EMPTY_SHIFT_WEEK, type TShiftWeek } from '@cd/contracts/appointment';
import type { TAppointmentStatus } from '@cd/contracts/appointment-constants';
import type { TCompanyRow } from '@cd/server/src/modules/companies/companies.api';
import { companySpansOf, daysOf, instantOf, weekdayOf, type TCompanyWeek, type TSchedule } from '@cd/server/src/modules/appointments/availability';
import { insertBenchCustomers } from './customers-seed';
import { runOnConnection, type TPgPool, type TPgQueryable } from './pg-pool';
import { nowMs, roundTo } from './stats';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A day's shift intervals, local wall clock. */
type TShiftDay = { startsAt: string; endsAt: string }[];
const weekOf = (days: Partial<Record<keyof TShiftWeek, TShiftDay>>): TShiftWeek => ({ ...EMPTY_SHIFT_WEEK, ...days });
const monToFri = (day: TShiftDay) => ({ monday: day, tuesday: day, wednesday: day, thursday: day, friday: day });

/**
 * Twenty people's weeks, local wall clock (the company opens 13:00–22:00 UTC Monday to Saturday, 07:00–16:00 in
 * Chicago's winter): full days, split days, four-day weeks, Saturdays, part-timers.
 */
const SHIFT_PATTERNS: TShiftWeek[] = [
  weekOf(monToFri([{ startsAt: '08:00', endsAt: '16:00' }])),
  weekOf({ ...monToFri([{ startsAt: '08:00', endsAt: '16:00' }]), saturday: [{ startsAt: '09:00', endsAt: '13:00' }] }),
  weekOf(
    monToFri([
      { startsAt: '07:00', endsAt: '11:00' },
      { startsAt: '12:00', endsAt: '16:00' },
    ]),
  ),
  weekOf({ ...monToFri([{ startsAt: '07:00', endsAt: '15:00' }]), friday: [{ startsAt: '07:00', endsAt: '12:00' }] }),
  weekOf({
    tuesday: [{ startsAt: '07:00', endsAt: '16:00' }],
    wednesday: [{ startsAt: '07:00', endsAt: '16:00' }],
    thursday: [{ startsAt: '07:00', endsAt: '16:00' }],
    saturday: [{ startsAt: '08:00', endsAt: '14:00' }],
  }),
  weekOf({
    ...monToFri([
      { startsAt: '08:00', endsAt: '10:30' },
      { startsAt: '11:00', endsAt: '13:00' },
      { startsAt: '13:30', endsAt: '16:00' },
    ]),
  }),
  weekOf({
    monday: [{ startsAt: '12:00', endsAt: '16:00' }],
    wednesday: [{ startsAt: '12:00', endsAt: '16:00' }],
    saturday: [{ startsAt: '08:00', endsAt: '13:00' }],
  }),
];
/** Which pattern each of the 20 assignees works (full-time ones most often). */
const PATTERN_OF_ASSIGNEE = [0, 0, 1, 2, 3, 0, 4, 5, 1, 2, 0, 3, 6, 0, 2, 1, 4, 5, 0, 6];
/** Days off: [assignee index, first day offset, last day offset] from the first day of the range. */
const VACATIONS: [number, number, number][] = [
  [3, 4, 8],
  [8, 12, 16],
  [13, 20, 20],
  [17, 25, 29],
];

/** Service sets as staff book them (indexes into Demo Motors' catalogue: oil 30, brakes 45, tires 30, alignment 60) and weights. */
const MIXES: { services: number[]; weight: number }[] = [
  { services: [0], weight: 30 },
  { services: [2], weight: 15 },
  { services: [1], weight: 18 },
  { services: [3], weight: 10 },
  { services: [0, 2], weight: 14 },
  { services: [1, 3], weight: 5 },
  { services: [0, 1], weight: 8 },
];
const BRAKES = 1;
const ALIGNMENT = 3;

/** A small seeded generator (mulberry32): every run places the same appointments relative to its first day. */
function randomOf(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface TAppointmentSeedOptions {
  pool: TPgPool;
  company: TCompanyRow;
  /** The 20 people who take appointments (their shifts are replaced). */
  assigneeIds: number[];
  /** First local day of the range (today in the company's time zone) and how many days. */
  firstDay: string;
  days: number;
  appointments: number;
  customers: number;
  now: Date;
}

export interface TAppointmentSeedReport {
  appointments: number;
  byStatus: Record<string, number>;
  reservations: number;
  customers: number;
  vehicles: number;
  /** Share of the bookable shift time (inside company hours, not on vacation, still ahead) held by active appointments. */
  heldShareOfShiftTime: number;
  serviceIds: number[];
  resources: { id: number; name: string; capacity: number; neededBy: string }[];
  seconds: number;
}

interface TPlanned {
  userId: number;
  start: number;
  end: number;
  services: number[];
  /** [resource id, unit] held for the whole appointment. */
  units: [number, number][];
}

const overlaps = (list: readonly { start: number; end: number }[], start: number, end: number) => list.some((b) => b.start < end && start < b.end);

/**
 * A busy service lane (issue 16 bench), written as real bookings leave it:
 * - 20 assignees with varied weekly shifts (some split), four vacations, the alignment rack (1 unit, alignment) and
 *   two brake lifts (2 units, brake inspection);
 * - `appointments` appointments over the `days` days from `firstDay`: the active ones (requested, confirmed) laid out
 *   per assignee inside their shifts and the company's hours, never on a vacation, never overlapping for one person
 *   or one resource unit, each holding its time through appointment_reservations (`u:<assignee>`, and
 *   `r:<resource>:<unit>` for the services that need one), as reserveTime() writes them; the rest canceled or denied
 *   (no reservation, anywhere in the shifts); those already past `now` completed or missed;
 * - one `appointment_services` row per service as booked (title and duration copied), customers (some with a vehicle).
 * The automated-message rows a booking also plans are not written: no measured statement reads them.
 * Set-based: the layout is computed here, then each table is filled by one INSERT … SELECT FROM unnest(…).
 */
export async function seedAppointmentsAtScale(opts: TAppointmentSeedOptions): Promise<TAppointmentSeedReport> {
  const { pool, company, assigneeIds, now } = opts;
  const t0 = nowMs();
  const random = randomOf(16);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const companyId = company.id;
  const dayList = daysOf({ from: opts.firstDay, to: new Date(Date.parse(`${opts.firstDay}T00:00:00Z`) + (opts.days - 1) * DAY).toISOString().slice(0, 10) });
  const dayAt = (offset: number) => dayList[offset]!;
  const shifts = new Map(assigneeIds.map((id, i) => [id, SHIFT_PATTERNS[PATTERN_OF_ASSIGNEE[i % PATTERN_OF_ASSIGNEE.length]!]!]));
  const vacations = new Map<number, { first: string; last: string }[]>();
  for (const [who, first, last] of VACATIONS) {
    const id = assigneeIds[who];
    if (id !== undefined) vacations.set(id, [...(vacations.get(id) ?? []), { first: dayAt(first), last: dayAt(Math.min(last, opts.days - 1)) }]);
  }

  return runOnConnection({
    pool,
    fn: async (client) => {
      await client.query(`select set_config('app.system', 'on', true)`);
      // The demo's own schedule goes: exactly these 20 people take appointments, and the calendar holds only the seeded ones.
      await client.query('delete from working_hours where company_id = $1', [companyId]);
      await client.query('delete from vacations where company_id = $1', [companyId]);
      await client.query('delete from appointments where company_id = $1', [companyId]);
      await client.query(`insert into working_hours (company_id, user_id, days) select $1, u, d::jsonb from unnest($2::bigint[], $3::text[]) as t(u, d)`, [
        companyId,
        [...shifts.keys()],
        [...shifts.values()].map((w) => JSON.stringify(w)),
      ]);
      const vacationRows = [...vacations.entries()].flatMap(([userId, list]) => list.map((v) => [userId, v.first, v.last] as const));
      await client.query(
        `insert into vacations (company_id, user_id, first_day, last_day, note) select $1, u, f::date, l::date, 'Bench vacation' from unnest($2::bigint[], $3::text[], $4::text[]) as t(u, f, l)`,
        [companyId, vacationRows.map((r) => r[0]), vacationRows.map((r) => r[1]), vacationRows.map((r) => r[2])],
      );

      const services = (
        await client.query('select id::int as id, title, duration_minutes from company_services where company_id = $1 order by id', [companyId])
      ).rows.map((r) => ({ id: Number(r.id), title: String(r.title), duration: Number(r.duration_minutes) }));
      if (services.length < 4) throw new Error('Demo Motors needs its four services');
      const resources = await ensureBays({ client, companyId, brakesId: services[BRAKES]!.id, alignmentId: services[ALIGNMENT]!.id });
      const needs = (serviceIdx: number) => resources.filter((r) => r.serviceIdx === serviceIdx);

      // Active appointments first: each person's shifts filled back to back with short gaps, then a random share kept.
      const schedule = { hours: (company.hours ?? {}) as TCompanyWeek } as TSchedule;
      const unitBusy = new Map<string, { start: number; end: number }[]>();
      const candidates: TPlanned[] = [];
      let shiftMinutes = 0;
      for (const day of dayList) {
        const open = companySpansOf(schedule, day);
        for (const userId of shuffled(random, assigneeIds)) {
          if (vacations.get(userId)?.some((v) => v.first <= day && day <= v.last)) continue;
          for (const iv of shifts.get(userId)![weekdayOf(day)]) {
            const s = instantOf({ day, hhmm: iv.startsAt, timeZone: company.timezone });
            const e = instantOf({ day, hhmm: iv.endsAt, timeZone: company.timezone });
            for (const o of open) {
              const spanStart = Math.max(s, o.start);
              const spanEnd = Math.min(e, o.end);
              if (spanEnd <= spanStart) continue;
              shiftMinutes += (spanEnd - Math.max(spanStart, Math.min(spanEnd, now.getTime()))) / MINUTE;
              let cursor = spanStart;
              while (cursor < spanEnd) {
                let mix = weighted(random, MIXES).services;
                let duration = mix.reduce((sum, i) => sum + services[i]!.duration, 0) * MINUTE;
                if (cursor + duration > spanEnd) {
                  mix = [0];
                  duration = services[0]!.duration * MINUTE;
                  if (cursor + duration > spanEnd) break;
                }
                const units = takeUnits({ mix, needs, unitBusy, start: cursor, end: cursor + duration });
                if (!units) {
                  mix = [0];
                  duration = services[0]!.duration * MINUTE;
                }
                candidates.push({ userId, start: cursor, end: cursor + duration, services: mix.map((i) => services[i]!.id), units: units ?? [] });
                cursor += duration + pick([0, 0, 0, 15, 15, 30]) * MINUTE;
              }
            }
          }
        }
      }
      const activeCount = Math.min(candidates.length, Math.round(opts.appointments * 0.7));
      const chosen = shuffled(random, candidates).slice(0, activeCount);
      // Units were taken in layout order; the dropped candidates give theirs back, which only leaves more free.
      const planned: (TPlanned & { status: TAppointmentStatus })[] = chosen.map((p) => ({
        ...p,
        status: p.start < now.getTime() ? (random() < 0.88 ? 'completed' : 'missed') : random() < 0.68 ? 'confirmed' : 'requested',
      }));
      // The rest canceled or denied (or, when past, completed/missed) anywhere in someone's shift: they hold nothing.
      while (planned.length < opts.appointments) {
        const userId = pick(assigneeIds);
        const day = pick(dayList);
        const ivs = shifts.get(userId)![weekdayOf(day)];
        if (ivs.length === 0) continue;
        const iv = pick(ivs);
        const mix = weighted(random, MIXES).services;
        const start = instantOf({ day, hhmm: iv.startsAt, timeZone: company.timezone }) + Math.floor(random() * 12) * 15 * MINUTE;
        const end = start + mix.reduce((sum, i) => sum + services[i]!.duration, 0) * MINUTE;
        const past = start < now.getTime();
        planned.push({
          userId,
          start,
          end,
          services: mix.map((i) => services[i]!.id),
          units: [],
          status: past ? (random() < 0.5 ? 'completed' : 'missed') : random() < 0.6 ? 'canceled' : 'denied',
        });
      }
      planned.sort((a, b) => a.start - b.start);

      const customers = await insertBenchCustomers({ pool, companyId, count: opts.customers, phonePrefix: '+1777', firstName: 'Booker' });
      const vehicles = await client.query(
        `insert into vehicles (company_id, customer_id, make, model, year, mileage)
         select $1, c, (array['Toyota','Ford','Honda','Chevrolet','Subaru'])[1 + c % 5], (array['Camry','F-150','Civic','Malibu','Outback'])[1 + c % 5],
                2012 + c % 12, 10000 + (c % 97) * 1000
         from unnest($2::bigint[]) c where c % 3 <> 0
         returning id::int as id, customer_id::int as customer_id`,
        [companyId, customers.map((c) => c.id)],
      );
      const vehicleOf = new Map(vehicles.rows.map((r) => [Number(r.customer_id), Number(r.id)]));
      // Ids from the table's own sequence, so later bookings through the API continue after them.
      const ids = (
        await client.query(`select nextval(pg_get_serial_sequence('appointments', 'id'))::bigint as id from generate_series(1, $1::int)`, [planned.length])
      ).rows.map((r) => Number(r.id));
      const iso = (t: number) => new Date(t).toISOString();
      const rows = planned.map((p, i) => {
        const customerId = customers[Math.floor(random() * customers.length)]!.id;
        const byCustomer = p.status === 'requested' && random() < 0.5;
        return {
          ...p,
          id: ids[i]!,
          customerId,
          vehicleId: vehicleOf.get(customerId) ?? null,
          byCustomer,
          createdAt: Math.min(p.start, now.getTime()) - (1 + Math.floor(random() * 14)) * DAY,
        };
      });
      await client.query(
        `insert into appointments (company_id, id, customer_id, vehicle_id, assignee_id, starts_at, ends_at, notes, status, source, created_at, updated_at)
         select $1, id, c, v, u, s, e, case when web then 'Booked on the website' else '' end, st, case when web then 'customer' else 'staff' end, ca, ca
         from unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::timestamptz[], $7::timestamptz[], $8::text[], $9::boolean[], $10::timestamptz[])
              as t(id, c, v, u, s, e, st, web, ca)`,
        [
          companyId,
          rows.map((r) => r.id),
          rows.map((r) => r.customerId),
          rows.map((r) => r.vehicleId),
          rows.map((r) => r.userId),
          rows.map((r) => iso(r.start)),
          rows.map((r) => iso(r.end)),
          rows.map((r) => r.status),
          rows.map((r) => r.byCustomer),
          rows.map((r) => iso(r.createdAt)),
        ],
      );
      const lines = rows.flatMap((r) => r.services.map((serviceId, position) => ({ id: r.id, position, service: services.find((s) => s.id === serviceId)! })));
      await client.query(
        `insert into appointment_services (company_id, appointment_id, position, service_id, title, duration_minutes)
         select $1, a, p, s, t, d from unnest($2::bigint[], $3::int[], $4::bigint[], $5::text[], $6::int[]) as x(a, p, s, t, d)`,
        [
          companyId,
          lines.map((l) => l.id),
          lines.map((l) => l.position),
          lines.map((l) => l.service.id),
          lines.map((l) => l.service.title),
          lines.map((l) => l.service.duration),
        ],
      );
      // What reserveTime() leaves for an active booking: the assignee's time and one unit of each needed resource.
      const held = rows.filter((r) => r.status === 'requested' || r.status === 'confirmed');
      const holds = held.flatMap((r) => [
        { id: r.id, subject: `u:${r.userId}`, start: r.start, end: r.end },
        ...r.units.map(([resourceId, unit]) => ({ id: r.id, subject: `r:${resourceId}:${unit}`, start: r.start, end: r.end })),
      ]);
      // Without ON CONFLICT: an overlap in the layout would be a bug of this seed, and the exclusion constraint says so.
      await client.query(
        `insert into appointment_reservations (company_id, appointment_id, subject, during)
         select $1, a, s, tstzrange(f, t) from unnest($2::bigint[], $3::text[], $4::timestamptz[], $5::timestamptz[]) as x(a, s, f, t)`,
        [companyId, holds.map((h) => h.id), holds.map((h) => h.subject), holds.map((h) => iso(h.start)), holds.map((h) => iso(h.end))],
      );
      const byStatus: Record<string, number> = {};
      for (const r of rows) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
      const heldMinutes = held.reduce((sum, r) => sum + (r.end - r.start) / MINUTE, 0);
      return {
        appointments: rows.length,
        byStatus,
        reservations: holds.length,
        customers: customers.length,
        vehicles: vehicles.rowCount ?? 0,
        heldShareOfShiftTime: roundTo({ value: heldMinutes / Math.max(1, shiftMinutes) }),
        serviceIds: services.map((s) => s.id),
        resources: resources.map((r) => ({ id: r.id, name: r.name, capacity: r.capacity, neededBy: services[r.serviceIdx]!.title })),
        seconds: roundTo({ value: (nowMs() - t0) / 1000, digits: 1 }),
      };
    },
  }).then(async (report) => {
    // Outside the transaction: VACUUM cannot run inside one (a steady-state table, fresh statistics).
    await pool.query('vacuum (analyze) appointments, appointment_services, appointment_reservations, working_hours, vacations, customers, vehicles');
    return { ...report, seconds: roundTo({ value: (nowMs() - t0) / 1000, digits: 1 }) };
  });
}

/** Fisher–Yates on a copy. */
function shuffled<T>(random: () => number, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function weighted<T extends { weight: number }>(random: () => number, list: readonly T[]): T {
  let r = random() * list.reduce((sum, x) => sum + x.weight, 0);
  for (const x of list) if ((r -= x.weight) < 0) return x;
  return list.at(-1)!;
}

/** One free unit of each resource the mix needs for [start, end), taken; null (nothing taken) when one has none. */
function takeUnits(opts: {
  mix: number[];
  needs: (serviceIdx: number) => { id: number; capacity: number }[];
  unitBusy: Map<string, { start: number; end: number }[]>;
  start: number;
  end: number;
}): [number, number][] | null {
  const wanted = [...new Map(opts.mix.flatMap((i) => opts.needs(i)).map((r) => [r.id, r])).values()];
  const taken: [number, number][] = [];
  for (const r of wanted) {
    let unit = 0;
    for (let u = 1; u <= r.capacity && !unit; u++) if (!overlaps(opts.unitBusy.get(`${r.id}:${u}`) ?? [], opts.start, opts.end)) unit = u;
    if (!unit) return null;
    taken.push([r.id, unit]);
  }
  for (const [id, unit] of taken) {
    const key = `${id}:${unit}`;
    opts.unitBusy.set(key, [...(opts.unitBusy.get(key) ?? []), { start: opts.start, end: opts.end }]);
  }
  return taken;
}

/** The demo's alignment rack (1 unit, alignment) and two brake lifts (2 units, brake inspection). */
async function ensureBays(opts: { client: TPgQueryable; companyId: number; brakesId: number; alignmentId: number }) {
  const { client, companyId } = opts;
  const upsert = async (name: string, capacity: number, serviceId: number, serviceIdx: number) => {
    const existing = (
      await client.query('select id::int as id from appointment_resources where company_id = $1 and lower(name) = lower($2)', [companyId, name])
    ).rows[0];
    const id = existing
      ? Number(existing.id)
      : Number(
          (
            await client.query(`insert into appointment_resources (company_id, name, kind, capacity) values ($1, $2, 'bay', $3) returning id::int as id`, [
              companyId,
              name,
              capacity,
            ])
          ).rows[0]!.id,
        );
    await client.query('update appointment_resources set capacity = $3 where company_id = $1 and id = $2', [companyId, id, capacity]);
    await client.query('delete from appointment_resource_services where company_id = $1 and resource_id = $2', [companyId, id]);
    await client.query('insert into appointment_resource_services (company_id, resource_id, service_id) values ($1, $2, $3)', [companyId, id, serviceId]);
    return { id, name, capacity, serviceIdx };
  };
  return [await upsert('Alignment rack', 1, opts.alignmentId, ALIGNMENT), await upsert('Brake lifts', 2, opts.brakesId, BRAKES)];
}
