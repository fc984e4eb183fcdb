import { sql } from 'drizzle-orm';
import { EMPTY_SHIFT_WEEK, type TShiftWeek } from '@cd/contracts/appointment';
import type { TAppointmentStatus } from '@cd/contracts/appointment-constants';
import { instantOfWallClock } from '@cd/contracts/automation-schedule';
import { localDayOf } from '@cd/contracts/survey-dates';
import type { TTx } from '../db/client';

/** Demo Motors' appointment texts and rules (company settings → Appointments). */
export const DEMO_APPOINTMENTS_SETTINGS = {
  acceptNewAppointments: true,
  safeZone: 60,
  granularity: 30,
  sendReminder: true,
  daysBefore: 1,
  requestText: 'Hi {customer_name}, {company_name} got your request for {appointment_time}. We will confirm it shortly.',
  confirmationText: 'Your appointment at {company_name} is confirmed for {appointment_time}. See you then!',
  denialText: 'Sorry {customer_name}, we cannot take {appointment_time}. Pick another time here: {booking_url}',
  cancellationText: 'Your appointment at {company_name} on {appointment_time} has been canceled.',
  reminderText: 'Reminder: your appointment at {company_name} is {appointment_time}. Reply C to confirm.',
};

const WEEKDAYS_ONLY = (start: string, end: string): TShiftWeek => ({
  ...EMPTY_SHIFT_WEEK,
  ...Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((d) => [d, [{ startsAt: start, endsAt: end }]])),
});

/** Who takes appointments, with their local shifts (the company opens 13:00–22:00 UTC, 07:00/08:00–16:00/17:00 Chicago). */
const SHIFTS: { email: string; week: TShiftWeek }[] = [
  {
    email: 'agent@motors.example.com',
    week: {
      ...WEEKDAYS_ONLY('08:00', '12:00'),
      monday: [
        { startsAt: '08:00', endsAt: '12:00' },
        { startsAt: '13:00', endsAt: '16:00' },
      ],
    },
  },
  { email: 'tech@motors.example.com', week: { ...WEEKDAYS_ONLY('08:00', '16:00'), saturday: [{ startsAt: '09:00', endsAt: '12:00' }] } },
  {
    email: 'admin@motors.example.com',
    week: { ...EMPTY_SHIFT_WEEK, tuesday: [{ startsAt: '10:00', endsAt: '16:00' }], thursday: [{ startsAt: '10:00', endsAt: '16:00' }] },
  },
];

/** A week of appointments around today in every status: [day offset, local time, services (catalogue order), who, status, customer]. */
const APPOINTMENTS: [number, string, number[], number, TAppointmentStatus, number][] = [
  [-3, '09:00', [0], 1, 'completed', 0],
  [-3, '10:30', [1], 1, 'missed', 1],
  [-2, '09:00', [0, 2], 0, 'completed', 2],
  [-1, '11:00', [3], 1, 'completed', 3],
  [0, '09:00', [0], 0, 'confirmed', 4],
  [0, '10:00', [1], 1, 'confirmed', 0],
  [0, '13:00', [2], 1, 'requested', 5],
  [1, '08:30', [0], 0, 'confirmed', 1],
  [1, '10:00', [3], 1, 'requested', 2],
  [1, '14:00', [1], 1, 'canceled', 3],
  [2, '09:30', [0, 2], 0, 'confirmed', 5],
  [2, '11:00', [1], 1, 'denied', 4],
  [3, '10:00', [3], 1, 'confirmed', 0],
  [4, '09:00', [0], 0, 'requested', 6],
];

const ACTIVE: TAppointmentStatus[] = ['requested', 'confirmed'];

/**
 * Demo Motors runs its service lane from the calendar (issue 16): texts and rules, shifts for three people, a
 * vacation next week, two service bays needed by the alignment, and a week of appointments in every status. Times are
 * laid out so no two overlap for one person; active ones hold their time like real bookings.
 */
export async function seedDemoAppointments(tx: TTx, opts: { motorsId: number; timeZone: string; now?: Date }): Promise<void> {
  const companyId = opts.motorsId;
  const now = opts.now ?? new Date();
  await tx.execute(sql`update companies set appointments_settings = ${JSON.stringify(DEMO_APPOINTMENTS_SETTINGS)}::jsonb where id = ${companyId}`);
  const rows = (q: ReturnType<typeof sql>) => tx.execute(q).then((r) => r.rows as Record<string, unknown>[]);

  const userIds: number[] = [];
  for (const s of SHIFTS) {
    const [u] = await rows(sql`select id from users where company_id = ${companyId} and email = ${s.email}`);
    if (!u) continue;
    userIds.push(Number(u.id));
    await tx.execute(sql`insert into working_hours (company_id, user_id, days) values (${companyId}, ${Number(u.id)}, ${JSON.stringify(s.week)}::jsonb)`);
  }
  const today = localDayOf({ instant: now, timeZone: opts.timeZone });
  const dayAt = (offset: number) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  // Sam takes next week's Wednesday to Friday off.
  const nextMonday = 7 - ((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7);
  if (userIds[1])
    await tx.execute(
      sql`insert into vacations (company_id, user_id, first_day, last_day, note) values (${companyId}, ${userIds[1]}, ${dayAt(nextMonday + 2)}::date, ${dayAt(nextMonday + 4)}::date, 'Family trip')`,
    );

  const services = await rows(sql`select id, title, duration_minutes from company_services where company_id = ${companyId} order by id`);
  const [bay] = await rows(
    sql`insert into appointment_resources (company_id, name, kind, capacity) values (${companyId}, 'Alignment rack', 'bay', 1) returning id`,
  );
  await tx.execute(sql`insert into appointment_resources (company_id, name, kind, capacity) values (${companyId}, 'Loaner cars', 'loaner', 2)`);
  if (services[3])
    await tx.execute(
      sql`insert into appointment_resource_services (company_id, resource_id, service_id) values (${companyId}, ${Number(bay!.id)}, ${Number(services[3].id)})`,
    );

  const customers = await rows(sql`select id from customers where company_id = ${companyId} order by id limit 7`);
  if (customers.length === 0 || services.length < 4 || userIds.length < 2) return;
  for (const [offset, hhmm, serviceIdx, who, status, customerIdx] of APPOINTMENTS) {
    const chosen = serviceIdx.map((i) => services[i]!);
    const [y, m, d] = dayAt(offset).split('-').map(Number) as [number, number, number];
    const [hh, mm] = hhmm.split(':').map(Number) as [number, number];
    const startsAt = instantOfWallClock({ wall: Date.UTC(y, m - 1, d, hh, mm), timeZone: opts.timeZone });
    const endsAt = new Date(startsAt.getTime() + chosen.reduce((sum, s) => sum + Number(s.duration_minutes), 0) * 60_000);
    const assigneeId = userIds[who]!;
    const customerId = Number(customers[customerIdx % customers.length]!.id);
    const [a] = await rows(sql`insert into appointments (company_id, customer_id, assignee_id, starts_at, ends_at, notes, status, source, created_at)
      values (${companyId}, ${customerId}, ${assigneeId}, ${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz,
              ${status === 'requested' ? 'Booked on the website' : ''}, ${status}, ${status === 'requested' ? 'customer' : 'staff'}, ${new Date(startsAt.getTime() - 3 * 86_400_000).toISOString()}::timestamptz)
      returning id`);
    const id = Number(a!.id);
    for (const [position, s] of chosen.entries())
      await tx.execute(sql`insert into appointment_services (company_id, appointment_id, position, service_id, title, duration_minutes)
        values (${companyId}, ${id}, ${position}, ${Number(s.id)}, ${String(s.title)}, ${Number(s.duration_minutes)})`);
    if (!ACTIVE.includes(status)) continue;
    const range = sql`tstzrange(${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz)`;
    await tx.execute(
      sql`insert into appointment_reservations (company_id, appointment_id, subject, during) values (${companyId}, ${id}, ${`u:${assigneeId}`}, ${range}) on conflict do nothing`,
    );
    if (serviceIdx.includes(3))
      await tx.execute(
        sql`insert into appointment_reservations (company_id, appointment_id, subject, during) values (${companyId}, ${id}, ${`r:${Number(bay!.id)}:1`}, ${range}) on conflict do nothing`,
      );
  }
}
