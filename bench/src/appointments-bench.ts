import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import type { TAvailability } from '@cd/contracts/appointment';
import { localDayOf } from '@cd/contracts/survey-dates';
import { buildApp } from '@cd/server/src/app';
import { runInScope, type TDatabase } from '@cd/server/src/db/client';
import { findCompany } from '@cd/server/src/modules/companies/companies.repository';
import * as repo from '@cd/server/src/modules/appointments/appointments.repository';
import { instantOf } from '@cd/server/src/modules/appointments/availability';
import { findUserByEmail } from '@cd/server/src/modules/users/users.repository';
import { buildAppointmentsBaseline } from './appointments-baseline';
import { explainStatements, timeComputation, timeScheduleStatements, timeWeekStatement } from './appointments-split';
import { seedAppointmentsAtScale } from './appointments-seed';
import { poolOf } from './pg-pool';
import { writeResultFile } from './results';
import { measureSequential, type TSequentialResult } from './sequential';
import { BENCH_ADMIN_EMAIL, prepareEnvironment, signIn } from './setup';
import { formatTable, nowMs, ratioOf, roundTo, summarizeLatencies, type TLatencyFigures } from './stats';

const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 5_000);
const DAYS = 30;
const ASSIGNEES = 20;
/** One-at-a-time requests per target (after WARMUP), targets interleaved. */
const REQUESTS = Number(process.env.BENCH_APPOINTMENT_REQUESTS ?? 200);
const WARMUP = 20;
const RACERS = Number(process.env.BENCH_APPOINTMENT_RACERS ?? 100);
const RACE_ROUNDS = 3;
const SYSTEM = { companyId: null, system: true } as const;
const DAY = 86_400_000;

const dayPlus = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const figures = (values: number[]) => summarizeLatencies({ values });
const load = () => loadavg().map((v) => roundTo({ value: v })) as [number, number, number];

interface TRaceResult {
  startsAt: string;
  assignee: string;
  statuses: Record<string, number>;
  wallMs: number;
  latency: TLatencyFigures;
  /** Appointments created at that start by the race (orphans of a rolled-back booking would show here), and the active ones of the free assignee there: both must be 1. */
  rowsAtStart: number;
  activeAtStart: number;
}

/** RACERS staff bookings of one start at once, no assignee given, where exactly one assignee is free. */
async function raceForSlot(opts: {
  base: string;
  token: string;
  db: TDatabase;
  companyId: number;
  customerId: number;
  serviceId: number;
  slot: { startsAt: string; assignees: string[] };
}): Promise<TRaceResult> {
  const body = JSON.stringify({ customer: opts.customerId, services: [opts.serviceId], startsAt: opts.slot.startsAt });
  const headers = { authorization: `Bearer ${opts.token}`, 'content-type': 'application/json' };
  const raceStart = new Date();
  const started = nowMs();
  const answers = await Promise.all(
    Array.from({ length: RACERS }, async () => {
      const t0 = nowMs();
      const res = await fetch(`${opts.base}/api/appointments`, { method: 'POST', headers, body });
      await res.arrayBuffer();
      return { status: res.status, ms: nowMs() - t0 };
    }),
  );
  const wallMs = nowMs() - started;
  const statuses: Record<string, number> = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  const assigneeId = Number(opts.slot.assignees[0]!.split('/').pop());
  const [row] = await runInScope(
    opts.db,
    SYSTEM,
    async (tx) =>
      (
        await tx.execute(sql`select count(*) filter (where a.created_at >= ${raceStart.toISOString()}::timestamptz)::int as n,
          count(*) filter (where a.status in ('requested', 'confirmed') and a.assignee_id = ${assigneeId})::int as active
        from appointments a where a.company_id = ${opts.companyId} and a.starts_at = ${opts.slot.startsAt}::timestamptz`)
      ).rows as { n: number; active: number }[],
  );
  return {
    startsAt: opts.slot.startsAt,
    assignee: opts.slot.assignees[0]!,
    statuses,
    wallMs: roundTo({ value: wallMs }),
    latency: figures(answers.map((a) => a.ms)),
    rowsAtStart: Number(row?.n),
    activeAtStart: Number(row?.active),
  };
}

/** Reference for the race: one booking of a free slot (201), then the same again (409), one request at a time. */
async function timeSingleBookings(opts: { base: string; token: string; customerId: number; serviceId: number; starts: string[] }) {
  const headers = { authorization: `Bearer ${opts.token}`, 'content-type': 'application/json' };
  const times: Record<'booked' | 'refused', number[]> = { booked: [], refused: [] };
  for (const startsAt of opts.starts) {
    for (const [kind, expected] of [
      ['booked', 201],
      ['refused', 409],
    ] as const) {
      const t0 = nowMs();
      const res = await fetch(`${opts.base}/api/appointments`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ customer: opts.customerId, services: [opts.serviceId], startsAt }),
      });
      await res.arrayBuffer();
      if (res.status !== expected) throw new Error(`a single booking at ${startsAt} answered ${res.status}, not ${expected}`);
      times[kind].push(nowMs() - t0);
    }
  }
  return { booked: figures(times.booked), refused: figures(times.refused) };
}

function ratioRows(opts: { results: TSequentialResult[]; floor: TSequentialResult }) {
  return opts.results.map((r) => [
    r.name,
    r.latency.p50Ms.toFixed(2),
    r.latency.p95Ms.toFixed(2),
    r.latency.p99Ms.toFixed(2),
    ratioOf({ ours: r.latency.p50Ms, baseline: opts.floor.latency.p50Ms }).toFixed(2),
    ratioOf({ ours: r.latency.p95Ms, baseline: opts.floor.latency.p95Ms }).toFixed(2),
  ]);
}

/**
 * Appointments at scale on PostgreSQL (issue 16): a month of free slots for 20 assignees and 5,000 appointments, the
 * calendar's busiest week, and RACERS concurrent bookings of a slot only one person can take.
 */
export async function runAppointmentsBenchmark(opts: { databaseUrl: string }): Promise<void> {
  // No outbox worker in this process: the bookings plan texts, and their sending is not what is measured.
  const env = await prepareEnvironment({ databaseUrl: opts.databaseUrl, extraUsers: ASSIGNEES, env: { WORKER: 'false' } });
  try {
    const pool = poolOf({ db: env.db });
    const admin = await runInScope(env.db, SYSTEM, (tx) => findUserByEmail(tx, BENCH_ADMIN_EMAIL));
    if (!admin?.companyId) throw new Error(`${BENCH_ADMIN_EMAIL} is missing from the seed`);
    const companyId = admin.companyId;
    const company = (await runInScope(env.db, SYSTEM, (tx) => findCompany(tx, companyId)))!;
    const assigneeIds = (
      await pool.query(`select id::int as id from users where company_id = $1 and email like 'bench.user%' order by id`, [companyId])
    ).rows.map((r) => Number(r.id));
    const now = new Date();
    const from = localDayOf({ instant: now, timeZone: company.timezone });
    const to = dayPlus(from, DAYS - 1);
    console.log(`seeding ${APPOINTMENTS.toLocaleString('en-US')} appointments for ${ASSIGNEES} assignees over ${from} → ${to} (${company.timezone})…`);
    const seed = await seedAppointmentsAtScale({ pool, company, assigneeIds, firstDay: from, days: DAYS, appointments: APPOINTMENTS, customers: 1_500, now });
    console.log(`seeded in ${seed.seconds} s: ${JSON.stringify({ ...seed, serviceIds: undefined })}`);
    const [oil, , , alignment] = seed.serviceIds as [number, number, number, number];

    // The calendar's busiest Monday-to-Monday week (local midnights) inside the range.
    const weeks = [];
    for (let d = 0; d < DAYS; d++) {
      const day = dayPlus(from, d);
      if (new Date(`${day}T00:00:00Z`).getUTCDay() !== 1 || d + 7 > DAYS) continue;
      const wFrom = new Date(instantOf({ day, hhmm: '00:00', timeZone: company.timezone })).toISOString();
      const wTo = new Date(instantOf({ day: dayPlus(day, 7), hhmm: '00:00', timeZone: company.timezone })).toISOString();
      const [c] = (
        await pool.query('select count(*)::int as n from appointments where company_id = $1 and starts_at >= $2 and starts_at < $3', [companyId, wFrom, wTo])
      ).rows;
      weeks.push({ from: wFrom, to: wTo, appointments: Number(c?.n) });
    }
    const week = weeks.sort((a, b) => b.appointments - a.appointments)[0]!;

    const app = await buildApp({ config: env.config, db: env.db, logger: false });
    const baseline = buildAppointmentsBaseline({ config: env.config, db: env.db });
    try {
      const bases = { app: await app.listen({ host: '127.0.0.1', port: 0 }), baseline: await baseline.listen({ host: '127.0.0.1', port: 0 }) };
      const token = await signIn({ baseUrl: bases.app });
      const sets = [
        { name: 'oil change (30 min, no resource)', services: [oil] },
        { name: 'alignment (60 min, the rack)', services: [alignment] },
      ];
      const availabilityPath = (services: number[]) => `/api/appointments/availability?services=${services.join(',')}&from=${from}&to=${to}`;

      // The app and the bare route must agree before anything is timed.
      const answers: { set: string; slots: number; bytes: number; body: TAvailability }[] = [];
      for (const set of sets) {
        const get = async (base: string) => {
          const res = await fetch(base + availabilityPath(set.services), { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
          const text = await res.text();
          if (res.status !== 200) throw new Error(`availability answered ${res.status}: ${text}`);
          return { body: JSON.parse(text) as TAvailability, bytes: text.length };
        };
        const [a, b] = [await get(bases.app), await get(bases.baseline)];
        const slots = a.body.days.reduce((n, d) => n + d.slots.length, 0);
        if (slots !== b.body.days.reduce((n, d) => n + d.slots.length, 0)) throw new Error('the app and the bare route disagree on the slots');
        answers.push({ set: set.name, slots, bytes: a.bytes, body: a.body });
        console.log(`  ${set.name}: ${slots} slots over ${a.body.days.length} days, ${Math.round(a.bytes / 1024)} KB of JSON`);
      }
      const weekPath = `/api/appointments?from=${encodeURIComponent(week.from)}&to=${encodeURIComponent(week.to)}`;
      console.log(`  busiest week ${week.from} → ${week.to}: ${week.appointments} appointments`);

      // Where the time goes: each statement, and the computation alone.
      const split = [];
      for (const set of sets) {
        const sql = await timeScheduleStatements({ db: env.db, companyId, serviceIds: set.services, from, to });
        const compute = await timeComputation({ db: env.db, companyId, serviceIds: set.services, from, to });
        split.push({ set: set.name, sql, ...compute });
      }
      const weekSplit = await timeWeekStatement({ db: env.db, companyId, from: week.from, to: week.to });
      const plans = {
        busy: await explainStatements({
          db: env.db,
          companyId,
          match: (t) => t.includes('from appointment_reservations'),
          fn: (tx) =>
            repo.listBusy(tx, {
              companyId,
              from: new Date(Date.parse(`${from}T00:00:00Z`) - DAY),
              to: new Date(Date.parse(`${to}T00:00:00Z`) + 2 * DAY),
              now: new Date(),
            }),
        }),
        week: await explainStatements({
          db: env.db,
          companyId,
          match: (t) => t.includes('from appointments a'),
          fn: (tx) => repo.listAppointmentViews(tx, { companyId, from: new Date(week.from), to: new Date(week.to) }),
        }),
      };
      console.log(`\nEXPLAIN (ANALYZE, BUFFERS) busy times over the range:\n${plans.busy.join('\n')}`);
      console.log(`\nEXPLAIN (ANALYZE, BUFFERS) the calendar's week:\n${plans.week.join('\n')}`);

      const loadBefore = load();
      console.log(`\n${REQUESTS} requests per target, one at a time after ${WARMUP} warm-ups, targets interleaved; load average ${loadBefore.join(' ')}`);
      const identity = { 'accept-encoding': 'identity' };
      const availability = [];
      for (const set of sets) {
        const path = availabilityPath(set.services);
        const results = await measureSequential({
          baseUrl: bases.app,
          token,
          requests: REQUESTS,
          warmup: WARMUP,
          endpoints: [
            { name: 'app (brotli, as a browser asks)', path },
            { name: 'app, identity encoding', path, headers: identity },
            { name: 'bare: same SQL + computeAvailability', path, baseUrl: bases.baseline },
            { name: 'bare: same SQL only', path: path.replace('/api/', '/sql/'), baseUrl: bases.baseline },
          ],
        });
        availability.push({ set: set.name, results });
      }
      const weekResults = await measureSequential({
        baseUrl: bases.app,
        token,
        requests: REQUESTS,
        warmup: WARMUP,
        endpoints: [
          { name: 'app (brotli)', path: weekPath },
          { name: 'app, identity encoding', path: weekPath, headers: identity },
          { name: 'bare: same SQL', path: weekPath, baseUrl: bases.baseline },
        ],
      });
      const loadAfter = load();

      // The race: slots (oil change, from the third day on) where exactly one assignee is free, on different days.
      const [customer] = (
        await pool.query(`select id::int as id from customers where company_id = $1 and phone like '+1777%' order by id limit 1`, [companyId])
      ).rows;
      const lone = answers[0]!.body.days
        .filter((d) => d.date >= dayPlus(from, 2))
        .map((d) => d.slots.find((s) => s.capacity === 1 && s.assignees?.length === 1))
        .filter((s): s is NonNullable<typeof s> => !!s);
      const races: TRaceResult[] = [];
      for (const slot of lone.filter((_, i) => i % 5 === 0).slice(0, RACE_ROUNDS)) {
        races.push(
          await raceForSlot({
            base: bases.app,
            token,
            db: env.db,
            companyId,
            customerId: Number(customer!.id),
            serviceId: oil,
            slot: { startsAt: slot.startsAt, assignees: slot.assignees! },
          }),
        );
      }

      const singles = await timeSingleBookings({
        base: bases.app,
        token,
        customerId: Number(customer!.id),
        serviceId: oil,
        starts: lone.filter((_, i) => i % 5 !== 0).map((s) => s.startsAt),
      });

      console.log('\nAvailability, 30 days, ms per request one at a time (ratio = ÷ the bare route with the same SQL only):');
      for (const a of availability) {
        console.log(`\n${a.set}`);
        console.log(
          formatTable({ header: ['target', 'p50', 'p95', 'p99', 'p50 ratio', 'p95 ratio'], rows: ratioRows({ results: a.results, floor: a.results[3]! }) }),
        );
      }
      console.log('\nWhere the time goes, in process (ms, p50 / p95 of 100):');
      console.log(
        formatTable({
          header: ['services', 'transaction', 'company', 'services', 'shifts', 'vacations', 'busy', 'resources', 'computeSlots', 'busy rows', 'slots'],
          rows: split.map((s) => [
            s.set,
            ...(['transaction', 'company', 'services', 'shifts', 'vacations', 'busy', 'resources'] as const).map(
              (k) => `${s.sql[k]!.p50Ms.toFixed(2)} / ${s.sql[k]!.p95Ms.toFixed(2)}`,
            ),
            `${s.compute.p50Ms.toFixed(2)} / ${s.compute.p95Ms.toFixed(2)}`,
            String(s.busy),
            String(s.slots),
          ]),
        }),
      );
      console.log(`\nCalendar week (${week.appointments} appointments), ms per request one at a time (ratio = ÷ the bare route):`);
      console.log(
        formatTable({ header: ['target', 'p50', 'p95', 'p99', 'p50 ratio', 'p95 ratio'], rows: ratioRows({ results: weekResults, floor: weekResults[2]! }) }),
      );
      console.log(
        `in process: the statement ${weekSplit.statement.p50Ms.toFixed(2)} / ${weekSplit.statement.p95Ms.toFixed(2)} ms, JSON.stringify of its rows ${weekSplit.stringify.p50Ms.toFixed(2)} / ${weekSplit.stringify.p95Ms.toFixed(2)} ms (p50 / p95)`,
      );
      console.log(`\n${RACERS} concurrent staff bookings of one slot, no assignee given, exactly one assignee free:`);
      console.log(
        formatTable({
          header: ['starts at', 'assignee', 'answers', 'wall ms', 'p50 ms', 'max ms', 'rows at start', 'holding time'],
          rows: races.map((r) => [
            r.startsAt,
            r.assignee,
            JSON.stringify(r.statuses),
            r.wallMs.toFixed(0),
            r.latency.p50Ms.toFixed(0),
            r.latency.maxMs.toFixed(0),
            String(r.rowsAtStart),
            String(r.activeAtStart),
          ]),
        }),
      );
      console.log(
        `alone, one at a time (${singles.booked.count} slots where one assignee is free): a booking ${singles.booked.p50Ms.toFixed(0)} ms p50, the same slot again (409) ${singles.refused.p50Ms.toFixed(0)} ms p50`,
      );
      for (const r of races)
        if (r.statuses['201'] !== 1 || r.statuses['409'] !== RACERS - 1 || r.activeAtStart !== 1 || r.rowsAtStart !== 1)
          console.warn(`RACE NOT EXACTLY ONCE at ${r.startsAt}: ${JSON.stringify(r)}`);
      console.log(`\nload average ${loadBefore.join(' ')} before the timed requests, ${load().join(' ')} at the end`);

      const file = writeResultFile({
        name: 'appointments',
        report: {
          revision: env.config.revision,
          database: 'postgres',
          range: { from, to, timezone: company.timezone },
          seed,
          week,
          requests: REQUESTS,
          warmup: WARMUP,
          load: { before: loadBefore, afterTimed: loadAfter, end: load() },
          availability: availability.map((a, i) => ({ ...a, slots: answers[i]!.slots, bytes: answers[i]!.bytes })),
          split,
          weekResults,
          weekSplit,
          races,
          singles,
        },
      });
      console.log(`written ${file}`);
    } finally {
      await app.close();
      await baseline.close();
    }
  } finally {
    await env.dispose();
  }
}
