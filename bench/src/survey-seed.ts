import { sql } from 'drizzle-orm';
import { runInScope, type TDatabase } from '@cd/server/src/db/client';
import { nowMs, roundTo } from './stats';

export interface TSurveySeedReport {
  customers: number;
  surveys: number;
  answered: number;
  negative: number;
  unresolved: number;
  tasks: number;
  seconds: number;
}

/**
 * Two years of surveys for one company, set-based (INSERT … SELECT … FROM generate_series), on PostgreSQL or PGlite:
 * - customers: `customers` of them, each surveyed every few months; one closed repair order per survey;
 * - surveys: sent at 9:00-ish spread evenly over the last 730 days (ids ascending with the time, as in production);
 *   45 % answered (minutes to two days later), 20 % of the answers negative, comments on 30 % of the positive and
 *   80 % of the negative ones, review clicks on a quarter of the positive ones (Google) and fewer on Yelp and Facebook,
 *   pending ones older than five days with their reminder sent;
 * - negative answers: a follow-up task each; those older than a week resolved (85 %), the rest open;
 * (repair_orders.survey_id is left unset: no measured statement reads it); then VACUUM ANALYZE (a steady-state table: fresh statistics and visibility map).
 */
export async function seedSurveysAtScale(opts: {
  db: TDatabase;
  companyId: number;
  adminId: number;
  advisorId: number;
  customers: number;
  surveys: number;
}): Promise<TSurveySeedReport> {
  const { db, companyId, adminId, advisorId, customers, surveys } = opts;
  const t0 = nowMs();
  const step = async (name: string, fn: () => Promise<unknown>) => {
    const started = nowMs();
    await fn();
    console.log(`  seed ${name}: ${roundTo({ value: (nowMs() - started) / 1000, digits: 1 })} s`);
  };
  await runInScope(db, { companyId: null, system: true }, async (tx) => {
    // As the connecting superuser (bench and PGlite both connect as one), with foreign-key triggers off for this
    // transaction: the rows satisfy every key by construction, and 600,000 trigger calls dominated the seeding.
    await tx.execute(sql`select set_config('role', 'none', true)`);
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`select setseed(0.14)`);
    await step('customers', () =>
      tx.execute(sql`
      insert into customers (company_id, first_name, last_name, phone, preferred_channel, created_at, updated_at)
      select ${companyId}::bigint, (array['Ava','Ben','Chloe','Dan','Eve','Finn','Grace','Hugo','Iris','Jack'])[1 + g % 10],
             'Survey' || g, '+1666' || lpad(g::text, 7, '0'), 'simulator', now() - interval '800 days', now()
      from generate_series(1, ${customers}::int) g`),
    );
    await step('repair_orders', () =>
      tx.execute(sql`
      insert into repair_orders (company_id, customer_id, number, title, price_cents, status, service_advisor_id,
                                 opened_at, closed_at, created_at, updated_at)
      select ${companyId}::bigint, c.first + g % ${customers}::int, 'SV-' || g, 'Scheduled service', 19900, 'completed',
             ${advisorId}::bigint, s.t - interval '2 days 20 hours', s.t - interval '2 days 16 hours', s.t - interval '2 days 20 hours', s.t
      from generate_series(1, ${surveys}::int) g
      cross join lateral (select now() - interval '730 days' * (1 - g::float8 / ${surveys}::int) as t) s
      cross join (select min(id) as first from customers where company_id = ${companyId}::bigint and phone like '+1666%') c`),
    );
    // One statement each, so the ids of the customers and orders are contiguous in generate_series order: the surveys
    // name theirs by arithmetic instead of a 200,000-row join. ANALYZE keeps the later joins' plans sane.
    await tx.execute(sql`analyze customers`);
    await tx.execute(sql`analyze repair_orders`);
    await step('surveys', () =>
      tx.execute(sql`
      with first_order as (select min(id) as first from repair_orders where company_id = ${companyId}::bigint and number like 'SV-%'),
           first_customer as (select min(id) as first from customers where company_id = ${companyId}::bigint and phone like '+1666%')
      insert into surveys (company_id, customer_id, repair_order_id, advisor_id, state, due_at, sent_at, resent_at,
                           answered_at, answer, answers, comment, resolved_at, resolved_by_id, resolution_note,
                           google_clicked_at, yelp_clicked_at, facebook_clicked_at, created_at, updated_at)
      select ${companyId}::bigint, x.customer_id, x.order_id, ${advisorId}::bigint,
             case when x.answered then 'completed' else 'pending' end,
             x.t, x.t,
             case when not x.answered and x.t < now() - interval '5 days' then x.t + interval '3 days' end,
             case when x.answered then x.answered_at end,
             case when x.answered then x.r_neg >= 0.2 end,
             case when not x.answered then '[]'::jsonb
                  when x.r_neg >= 0.2 then '[{"questionId":"recommend","question":"Would you recommend us?","answer":"Definitely"}]'::jsonb
                  else '[{"questionId":"issue","question":"What went wrong?","answer":"Waiting time"}]'::jsonb end,
             case when x.answered and x.r_com < (case when x.r_neg >= 0.2 then 0.3 else 0.8 end)
                  then (array['Great service, thank you', 'Waited too long', 'Fair price', 'Friendly staff', 'Bill higher than quoted'])[1 + (x.g % 5)] end,
             case when x.answered and x.r_neg < 0.2 and x.t < now() - interval '7 days' and x.r_res < 0.85 then x.answered_at + interval '5 hours' end,
             case when x.answered and x.r_neg < 0.2 and x.t < now() - interval '7 days' and x.r_res < 0.85 then ${adminId}::bigint end,
             case when x.answered and x.r_neg < 0.2 and x.t < now() - interval '7 days' and x.r_res < 0.85 then 'Called the customer' end,
             case when x.answered and x.r_neg >= 0.2 and x.r_click < 0.25 then x.answered_at + interval '1 minute' end,
             case when x.answered and x.r_neg >= 0.2 and x.r_click >= 0.2 and x.r_click < 0.28 then x.answered_at + interval '2 minutes' end,
             case when x.answered and x.r_neg >= 0.2 and x.r_click >= 0.9 then x.answered_at + interval '3 minutes' end,
             x.t - interval '2 days', greatest(x.t, x.answered_at)
      from (
        select g, t, o.first + g - 1 as order_id, c.first + g % ${customers}::int as customer_id, r_ans < 0.45 and answered_at < now() as answered, answered_at, r_neg, r_com, r_click, r_res
        from (
          select g, t, random() as r_ans, random() as r_neg, random() as r_com, random() as r_click, random() as r_res,
                 t + interval '3 minutes' + interval '2 days' * power(random(), 3) as answered_at
          from generate_series(1, ${surveys}::int) g
          cross join lateral (select now() - interval '730 days' * (1 - (g - random())::float8 / ${surveys}::int) as t) s
        ) r
        cross join first_order o
        cross join first_customer c
      ) x`),
    );
    await tx.execute(sql`analyze surveys`);
    await step('tasks', () =>
      tx.execute(sql`
      insert into tasks (company_id, assignee_id, customer_id, title, due_at, done_at, done_by_id, done_note, entity, entity_id, created_at, updated_at)
      select company_id, ${adminId}::bigint, customer_id, 'Follow up (negative survey)', answered_at + interval '24 hours',
             resolved_at, resolved_by_id, resolution_note, 'survey', id, answered_at, coalesce(resolved_at, answered_at)
      from surveys where company_id = ${companyId}::bigint and answer = false and follow_up_task_id is null`),
    );
    await tx.execute(sql`analyze tasks`);
    await step('update surveys', () =>
      tx.execute(sql`
      update surveys s set follow_up_task_id = t.id from tasks t
      where t.company_id = s.company_id and t.entity = 'survey' and t.entity_id = s.id and s.company_id = ${companyId}::bigint
        and s.follow_up_task_id is null`),
    );
  });
  for (const table of ['customers', 'repair_orders', 'surveys', 'tasks']) await db.exec(`vacuum analyze ${table}`);
  const counts = await runInScope(db, { companyId: null, system: true }, (tx) =>
    tx.execute<Record<string, string | number>>(sql`
      select count(*) as surveys, count(answered_at) as answered, count(*) filter (where answer = false) as negative,
             count(*) filter (where answer = false and resolved_at is null) as unresolved,
             (select count(*) from tasks where company_id = ${companyId}::bigint) as tasks
      from surveys where company_id = ${companyId}::bigint`),
  );
  const row = counts.rows[0]!;
  return {
    customers,
    surveys: Number(row.surveys),
    answered: Number(row.answered),
    negative: Number(row.negative),
    unresolved: Number(row.unresolved),
    tasks: Number(row.tasks),
    seconds: roundTo({ value: (nowMs() - t0) / 1000, digits: 1 }),
  };
}
