import { sql } from 'drizzle-orm';
import type { TTx } from '../db/client';

/**
 * Demo Motors' company admin's reminders (issue 19, docs/dashboard.md "Reminders"): one overdue, two coming up and one
 * about a demo customer, so the dashboard's reminders card and the customer's reminders show something.
 */

/** [text, hours from the seed time, about the demo customer] */
const REMINDERS: [string, number, boolean][] = [
  ['Send the monthly service numbers to the owner', -20, false],
  ['Check the loaner car schedule for Friday', 3, false],
  ['Team meeting: first-response times this week', 50, false],
  ['Call back about the brake quote', 26, true],
];

export async function seedDemoReminders(tx: TTx, opts: { motorsId: number }): Promise<void> {
  const companyId = opts.motorsId;
  const one = async (q: ReturnType<typeof sql>) => ((await tx.execute(q)).rows[0] as { id: number } | undefined)?.id;
  const admin = await one(sql`select id::int as id from users where company_id = ${companyId} and email = 'admin@motors.example.com'`);
  if (!admin) return;
  // The company's oldest demo customer (the one the other demo data also starts with).
  const customer = (await one(sql`select id::int as id from customers where company_id = ${companyId} order by id limit 1`)) ?? null;
  for (const [text, hours, aboutCustomer] of REMINDERS)
    await tx.execute(sql`insert into reminders (company_id, user_id, customer_id, text, due_at, created_at)
      values (${companyId}, ${admin}, ${aboutCustomer ? customer : null}, ${text}, now() + make_interval(hours => ${hours}), now() - interval '1 day')`);
}
