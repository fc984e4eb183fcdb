import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { EMPTY_SHIFT_WEEK, type TShiftWeek } from '@cd/contracts/appointment';
import { WEEKDAYS } from '@cd/contracts/company';
import { runInScope } from '../src/db/client';
import { caller } from './repair-order-fixtures';
import { unique, type TSeededCompany, type TTestApp } from './helpers';

/** Every weekday open 08:00–17:00 UTC (company hours are stored in UTC; the test companies live in UTC too). */
export const ALL_WEEK_HOURS = Object.fromEntries(WEEKDAYS.map((d) => [d, { isOffDay: false, intervals: [{ startsAt: '08:00', endsAt: '17:00' }] }]));
export const ALL_WEEK_SHIFT: TShiftWeek = Object.fromEntries(WEEKDAYS.map((d) => [d, [{ startsAt: '08:00', endsAt: '17:00' }]])) as unknown as TShiftWeek;

/** Turns the appointments module on, with hours, a time zone and appointment settings, straight in the database. */
export async function enableAppointments(
  t: TTestApp,
  companyId: number,
  opts: { timezone?: string; hours?: unknown; settings?: Record<string, unknown> } = {},
): Promise<void> {
  const settings = { acceptNewAppointments: true, safeZone: 0, granularity: 30, ...opts.settings };
  await runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx.execute(sql`update companies set modules = modules || '{"appointments": true}'::jsonb,
      hours = ${JSON.stringify(opts.hours ?? ALL_WEEK_HOURS)}::jsonb,
      appointments_settings = appointments_settings || ${JSON.stringify(settings)}::jsonb,
      timezone = ${opts.timezone ?? 'UTC'}
      where id = ${companyId}`),
  );
}

/** Services of the catalogue, straight in the database; answers their ids. */
export async function seedServices(t: TTestApp, companyId: number, durations: number[]): Promise<number[]> {
  return runInScope(t.db, { companyId: null, system: true }, async (tx) => {
    const ids: number[] = [];
    for (const d of durations) {
      const r = await tx.execute(
        sql`insert into company_services (company_id, title, duration_minutes, price_cents) values (${companyId}, ${unique('Service')}, ${d}, 5000) returning id`,
      );
      ids.push(Number((r.rows[0] as { id: unknown }).id));
    }
    return ids;
  });
}

export async function seedShifts(t: TTestApp, companyId: number, userId: number, week: Partial<TShiftWeek> = ALL_WEEK_SHIFT): Promise<void> {
  await runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx.execute(
      sql`insert into working_hours (company_id, user_id, days) values (${companyId}, ${userId}, ${JSON.stringify({ ...EMPTY_SHIFT_WEEK, ...week })}::jsonb)`,
    ),
  );
}

export async function seedVacation(t: TTestApp, companyId: number, userId: number, first: string, last: string): Promise<void> {
  await runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx.execute(sql`insert into vacations (company_id, user_id, first_day, last_day) values (${companyId}, ${userId}, ${first}::date, ${last}::date)`),
  );
}

/** A customer through the API (so the phone is normalised and consent recorded as staff create them). */
export async function seedCustomer(t: TTestApp, token: string): Promise<number> {
  const res = await caller(t)('POST', '/api/customers', token, {
    phone: `+1555${String(randomInt(1_000_000, 9_999_999))}`,
    firstName: 'Ada',
    lastName: unique('Booker'),
  });
  if (res.statusCode !== 201) throw new Error(`customer: ${res.body}`);
  return res.json().id as number;
}

/** The calendar day `days` days from today (UTC, the test companies' time zone), as YYYY-MM-DD. */
export function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** An instant on that day at a wall-clock time of the test companies (UTC). */
export function dayInstant(day: string, hhmm: string): string {
  return new Date(`${day}T${hhmm}:00Z`).toISOString();
}

/** The setting rows the engine keeps for one appointment. */
export async function appointmentMessages(t: TTestApp, companyId: number, appointmentId: number) {
  return runInScope(t.db, { companyId: null, system: true }, async (tx) => {
    const r = await tx.execute(
      sql`select kind, state, due_at from automated_messages where company_id = ${companyId} and entity = 'appointment' and entity_id = ${appointmentId} order by id`,
    );
    return (r.rows as { kind: string; state: string; due_at: Date | string }[]).map((x) => ({ kind: x.kind, state: x.state, dueAt: new Date(x.due_at) }));
  });
}

export type { TSeededCompany };
