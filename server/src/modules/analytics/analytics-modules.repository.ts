import { sql } from 'drizzle-orm';
import type { TTx } from '../../db/client';

/**
 * The module sections of the usage metrics (docs/metrics.md "Module sections"), read straight from the modules' tables
 * with range conditions on their time columns: these tables hold one row per survey, appointment, order or payment
 * request — thousands, not millions — and each condition starts with the company.
 */

type TRange = { companyId: number; start: Date; end: Date };
type TRow = Record<string, unknown>;
const num = (v: unknown) => Number(v ?? 0);
const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

export async function surveyFigures(tx: TTx, r: TRange) {
  const rows = (
    await tx.execute(sql`
      select s.advisor_id::int as "advisorId", trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as name,
             count(*) filter (where s.sent_at >= ${r.start} and s.sent_at < ${r.end})::int as sent,
             count(*) filter (where s.answered_at >= ${r.start} and s.answered_at < ${r.end})::int as completed,
             count(*) filter (where s.answered_at >= ${r.start} and s.answered_at < ${r.end} and s.answer)::int as positive
      from surveys s left join users u on u.company_id = s.company_id and u.id = s.advisor_id
      where s.company_id = ${r.companyId}
        and ((s.sent_at >= ${r.start} and s.sent_at < ${r.end}) or (s.answered_at >= ${r.start} and s.answered_at < ${r.end}))
      group by s.advisor_id, u.first_name, u.last_name
      order by s.advisor_id nulls last`)
  ).rows as TRow[];
  const perAdvisor = rows.map((x) => ({
    userId: x.advisorId === null ? null : num(x.advisorId),
    name: String(x.name ?? ''),
    sent: num(x.sent),
    completed: num(x.completed),
    positiveShare: share(num(x.positive), num(x.completed)),
  }));
  const total = (k: 'sent' | 'completed' | 'positive') => rows.reduce((n, x) => n + num(x[k]), 0);
  return { sent: total('sent'), completed: total('completed'), positiveShare: share(total('positive'), total('completed')), perAdvisor };
}

export async function appointmentFigures(tx: TTx, r: TRange) {
  const [x] = (
    await tx.execute(sql`
      select count(*) filter (where created_at >= ${r.start} and created_at < ${r.end})::int as booked,
             count(*) filter (where starts_at >= ${r.start} and starts_at < ${r.end} and status in ('confirmed', 'completed'))::int as confirmed,
             count(*) filter (where starts_at >= ${r.start} and starts_at < ${r.end} and status = 'missed')::int as missed
      from appointments
      where company_id = ${r.companyId}
        and ((created_at >= ${r.start} and created_at < ${r.end}) or (starts_at >= ${r.start} and starts_at < ${r.end}))`)
  ).rows as TRow[];
  return { booked: num(x?.booked), confirmed: num(x?.confirmed), missed: num(x?.missed) };
}

export async function repairOrderFigures(tx: TTx, r: TRange) {
  const [x] = (
    await tx.execute(sql`
      select (select count(*) from repair_orders where company_id = ${r.companyId} and opened_at >= ${r.start} and opened_at < ${r.end})::int as opened,
             (select count(*) from repair_orders where company_id = ${r.companyId} and closed_at >= ${r.start} and closed_at < ${r.end})::int as closed,
             count(*)::int as decided,
             count(*) filter (where status = 'approved')::int as approved,
             coalesce(sum(price_cents) filter (where status = 'approved'), 0)::float8 as "approvedCents"
      from repair_order_lines
      where company_id = ${r.companyId} and approval_round is not null and status <> 'pending'
        and decided_at >= ${r.start} and decided_at < ${r.end}`)
  ).rows as TRow[];
  return {
    opened: num(x?.opened),
    closed: num(x?.closed),
    approvalRate: share(num(x?.approved), num(x?.decided)),
    approvedAmountCents: num(x?.approvedCents),
  };
}

export async function paymentFigures(tx: TTx, r: TRange) {
  const [x] = (
    await tx.execute(sql`
      select count(*) filter (where created_at >= ${r.start} and created_at < ${r.end} and status <> 'not_created')::int as requested,
             count(*) filter (where paid_at >= ${r.start} and paid_at < ${r.end})::int as paid,
             coalesce(sum(coalesce(paid_cents, amount_cents)) filter (where paid_at >= ${r.start} and paid_at < ${r.end}), 0)::float8 as "amountCents"
      from payment_requests
      where company_id = ${r.companyId}
        and ((created_at >= ${r.start} and created_at < ${r.end}) or (paid_at >= ${r.start} and paid_at < ${r.end}))`)
  ).rows as TRow[];
  return { requested: num(x?.requested), paid: num(x?.paid), amountCents: num(x?.amountCents) };
}
