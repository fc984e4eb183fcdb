import { drizzle } from 'drizzle-orm/node-postgres';
import { runInScope, type TDatabase, type TTx } from '@cd/server/src/db/client';
import { findCompany } from '@cd/server/src/modules/companies/companies.repository';
import { bookingStepsOf, loadSchedule, resolveServices } from '@cd/server/src/modules/appointments/appointments-booking.service';
import * as repo from '@cd/server/src/modules/appointments/appointments.repository';
import { computeSlots } from '@cd/server/src/modules/appointments/availability';
import { poolOf, runOnConnection } from './pg-pool';
import { nowMs, summarizeLatencies } from './stats';

/** Where the appointments requests spend their time, measured in process (appointments bench, issue 16). */

/** Timed runs per figure (after a few untimed ones). */
const REPEATS = 100;
const DAY = 86_400_000;
const figures = (values: number[]) => summarizeLatencies({ values });

/** Each statement availability sends, timed inside one company-scope transaction as the service sends them. */
export async function timeScheduleStatements(opts: { db: TDatabase; companyId: number; serviceIds: number[]; from: string; to: string }) {
  const times: Record<string, number[]> = {};
  const timed = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const t0 = nowMs();
    const out = await fn();
    (times[name] ??= []).push(nowMs() - t0);
    return out;
  };
  for (let i = 0; i < REPEATS + 5; i++) {
    const t0 = nowMs();
    await runInScope(opts.db, { companyId: opts.companyId }, async (tx) => {
      const company = (await timed('company', () => findCompany(tx, opts.companyId)))!;
      await timed('services', () => repo.findServices(tx, { companyId: opts.companyId, ids: opts.serviceIds }));
      await timed('shifts', () => repo.listShifts(tx, { companyId: company.id }));
      await timed('vacations', () => repo.listVacationDays(tx, { companyId: company.id, from: opts.from, to: opts.to }));
      const fromInstant = new Date(Date.parse(`${opts.from}T00:00:00Z`) - DAY);
      const toInstant = new Date(Date.parse(`${opts.to}T00:00:00Z`) + 2 * DAY);
      await timed('busy', () => repo.listBusy(tx, { companyId: company.id, from: fromInstant, to: toInstant, now: new Date() }));
      await timed('resources', () => repo.listNeededResources(tx, { companyId: company.id, serviceIds: opts.serviceIds }));
    });
    (times.transaction ??= []).push(nowMs() - t0);
  }
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, figures(v.slice(5))]));
}

/** The in-memory part alone: the schedule read once, then computeSlots (availability.ts) timed REPEATS times. */
export async function timeComputation(opts: { db: TDatabase; companyId: number; serviceIds: number[]; from: string; to: string }) {
  const { company, schedule, durationMinutes } = await runInScope(opts.db, { companyId: opts.companyId }, async (tx) => {
    const company = (await findCompany(tx, opts.companyId))!;
    const { durationMinutes } = await resolveServices(tx, { companyId: company.id, serviceIds: opts.serviceIds });
    return {
      company,
      durationMinutes,
      schedule: await loadSchedule(tx, { company, serviceIds: opts.serviceIds, from: opts.from, to: opts.to, now: new Date() }),
    };
  });
  const { granularity, safeZone } = bookingStepsOf(company);
  const samples: number[] = [];
  let slots = 0;
  for (let i = 0; i < REPEATS + 10; i++) {
    const t0 = nowMs();
    const days = computeSlots({ schedule, from: opts.from, to: opts.to, durationMinutes, granularity, safeZoneMinutes: safeZone, now: new Date() });
    if (i >= 10) samples.push(nowMs() - t0);
    slots = days.reduce((n, d) => n + d.slots.length, 0);
  }
  return { compute: figures(samples), slots, busy: schedule.busy.length };
}

/** The calendar's one statement timed alone in process (its transaction around it), and the JSON of its rows. */
export async function timeWeekStatement(opts: { db: TDatabase; companyId: number; from: string; to: string }) {
  const statement: number[] = [];
  const json: number[] = [];
  for (let i = 0; i < REPEATS + 5; i++) {
    const views = await runInScope(opts.db, { companyId: opts.companyId }, async (tx) => {
      const t0 = nowMs();
      const out = await repo.listAppointmentViews(tx, { companyId: opts.companyId, from: new Date(opts.from), to: new Date(opts.to) });
      if (i >= 5) statement.push(nowMs() - t0);
      return out;
    });
    const t0 = nowMs();
    JSON.stringify(views);
    if (i >= 5) json.push(nowMs() - t0);
  }
  return { statement: figures(statement), stringify: figures(json) };
}

/** EXPLAIN (ANALYZE, BUFFERS) of the statements `fn` sends whose text matches, in the company scope, rolled back. */
export async function explainStatements(opts: { db: TDatabase; companyId: number; fn: (tx: TTx) => Promise<unknown>; match: (text: string) => boolean }) {
  const captured: { text: string; params: unknown[] }[] = [];
  const logged = drizzle({ client: poolOf({ db: opts.db }) as never, logger: { logQuery: (text, params) => void captured.push({ text, params }) } });
  await runInScope({ ...opts.db, drizzle: logged, scopedTransaction: undefined }, { companyId: opts.companyId }, opts.fn);
  const scope = captured.find((c) => c.text.includes('set_config('))!;
  return runOnConnection({
    pool: poolOf({ db: opts.db }),
    rollback: true,
    fn: async (client) => {
      await client.query(scope.text, scope.params);
      const out: string[] = [];
      for (const s of captured.filter((c) => opts.match(c.text))) {
        const plan = await client.query(`explain (analyze, buffers) ${s.text}`, s.params);
        out.push(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      return out;
    },
  });
}
