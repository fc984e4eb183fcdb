import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { EMPTY_SHIFT_WEEK, type TShiftWeek } from '@cd/contracts/appointment';
import { WEEKDAYS } from '@cd/contracts/company';
import { runInScope } from '../src/db/client';
import { caller } from './repair-order-fixtures';
import { unique, type TSeededCompany, type TTestApp } from './helpers';

/** Every weekday open 08:00–17:00 (the company's wall clock). */
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
      timezone = ${opts.timezone ?? 'America/New_York'}
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

/** The local calendar day `days` days from today in New York, as YYYY-MM-DD. */
export function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
}

/** An instant on that day at a New York wall-clock time. */
export function nyInstant(day: string, hhmm: string): string {
  for (const offset of ['-05:00', '-04:00']) {
    const d = new Date(`${day}T${hhmm}:00${offset}`);
    if (d.toLocaleTimeString('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit' }) === hhmm) return d.toISOString();
  }
  throw new Error(`no such time ${day} ${hhmm}`);
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
