import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { surveys, type TSurveyRow } from './surveys.schema';

/** The dashboard's filters (spec part 2 §7), over sent surveys only. */
export interface TSurveyFilter {
  companyId: number;
  sentAfter?: Date;
  sentBefore?: Date;
  /** exists[answer]: true completed, false pending. */
  answered?: boolean;
  /** answer: true positive, false negative. */
  answer?: boolean;
  withComment?: boolean;
  /** exists[resolvedAt]: false unresolved (negative, not resolved), true resolved. */
  resolved?: boolean;
  customerId?: number;
}

function filterWhere(f: TSurveyFilter): SQL {
  const conds: SQL[] = [eq(surveys.companyId, f.companyId), sql`${surveys.sentAt} is not null`];
  if (f.sentAfter) conds.push(sql`${surveys.sentAt} >= ${f.sentAfter}`);
  if (f.sentBefore) conds.push(sql`${surveys.sentAt} < ${f.sentBefore}`);
  if (f.answered !== undefined) conds.push(f.answered ? sql`${surveys.answeredAt} is not null` : sql`${surveys.answeredAt} is null`);
  if (f.answer !== undefined) conds.push(eq(surveys.answer, f.answer));
  if (f.withComment !== undefined) conds.push(f.withComment ? sql`${surveys.comment} is not null` : sql`${surveys.comment} is null`);
  if (f.resolved === false) conds.push(sql`${surveys.answer} = false and ${surveys.resolvedAt} is null`);
  if (f.resolved === true) conds.push(sql`${surveys.resolvedAt} is not null`);
  if (f.customerId !== undefined) conds.push(eq(surveys.customerId, f.customerId));
  return and(...conds)!;
}

/** The names a survey shows, read with it in the same statement (one index probe per row and table). */
export interface TSurveyRefs {
  customer: { id: number; firstName: string; lastName: string; phone: string | null } | null;
  order: { id: number; number: string } | null;
  advisor: { id: number; name: string } | null;
  resolvedBy: { id: number; name: string } | null;
  task: { id: number; dueAt: string; doneAt: string | null; assigneeId: number | null; assigneeName: string | null } | null;
}
export type TSurveyWithRefs = TSurveyRow & { refs: TSurveyRefs };

const userName = (alias: string) => sql.raw(`coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.email)`);

/*
 * Other modules' tables are read by SQL here (names only): surveys sits above them and presents what it links to. The
 * outer row's columns are written qualified ("surveys"."company_id"): drizzle renders a column unqualified, and an
 * unqualified company_id inside `from customers c` is c's own, which turned each probe into a scan of the company's
 * rows (measured: 5 ms per order probe at 200,000 orders, docs/performance.md "Surveys").
 */
const refsColumn = sql<TSurveyRefs | string>`json_build_object(
  'customer', (select json_build_object('id', c.id, 'firstName', c.first_name, 'lastName', c.last_name, 'phone', c.phone)
    from customers c where c.company_id = "surveys"."company_id" and c.id = "surveys"."customer_id"),
  'order', (select json_build_object('id', ro.id, 'number', ro.number)
    from repair_orders ro where ro.company_id = "surveys"."company_id" and ro.id = "surveys"."repair_order_id"),
  'advisor', (select json_build_object('id', u.id, 'name', ${userName('u')})
    from users u where u.company_id = "surveys"."company_id" and u.id = "surveys"."advisor_id"),
  'resolvedBy', (select json_build_object('id', r.id, 'name', ${userName('r')})
    from users r where r.company_id = "surveys"."company_id" and r.id = "surveys"."resolved_by_id"),
  'task', (select json_build_object('id', t.id, 'dueAt', t.due_at, 'doneAt', t.done_at, 'assigneeId', t.assignee_id,
      'assigneeName', (select ${userName('a')} from users a where a.company_id = t.company_id and a.id = t.assignee_id))
    from tasks t where t.company_id = "surveys"."company_id" and t.id = "surveys"."follow_up_task_id"))`;

function withRefs(rows: { survey: TSurveyRow; refs: TSurveyRefs | string }[]): TSurveyWithRefs[] {
  return rows.map((r) => ({ ...r.survey, refs: (typeof r.refs === 'string' ? JSON.parse(r.refs) : r.refs) as TSurveyRefs }));
}

/** One page, newest sent first, after the keyset (`before`, `idLt`): one statement whatever the page size. */
export async function listSurveys(tx: TTx, opts: { filter: TSurveyFilter; before?: Date; idLt?: number; limit: number }): Promise<TSurveyWithRefs[]> {
  const conds: SQL[] = [filterWhere(opts.filter)];
  if (opts.before)
    conds.push(
      opts.idLt !== undefined
        ? sql`(${surveys.sentAt} < ${opts.before} or (${surveys.sentAt} = ${opts.before} and ${surveys.id} < ${opts.idLt}))`
        : sql`${surveys.sentAt} < ${opts.before}`,
    );
  const rows = await tx
    .select({ survey: surveys, refs: refsColumn })
    .from(surveys)
    .where(and(...conds))
    .orderBy(desc(surveys.sentAt), desc(surveys.id))
    .limit(opts.limit);
  return withRefs(rows);
}

export async function countSurveys(tx: TTx, opts: { filter: TSurveyFilter }): Promise<number> {
  const [row] = await tx
    .select({ n: sql<string>`count(*)` })
    .from(surveys)
    .where(filterWhere(opts.filter));
  return Number(row?.n ?? 0);
}

/** Some surveys with their names (an event, one survey's page). */
export async function findSurveysWithRefs(tx: TTx, opts: { companyId: number | null; ids: number[] }): Promise<TSurveyWithRefs[]> {
  if (!opts.ids.length) return [];
  const ids = sql`${surveys.id} = any(${sql.param(opts.ids)}::bigint[])`;
  const rows = await tx
    .select({ survey: surveys, refs: refsColumn })
    .from(surveys)
    .where(opts.companyId === null ? ids : and(eq(surveys.companyId, opts.companyId), ids));
  return withRefs(rows);
}

export interface TSurveyTotals {
  sent: number;
  completed: number;
  positive: number;
  negative: number;
  unresolved: number;
  withComment: number;
  google: number;
  yelp: number;
  facebook: number;
  medianSeconds: number | null;
}

/**
 * The stats of surveys sent in [from, to), in one statement: the range's rows are read once (a materialized CTE), counted
 * per company-local day by hash (the day as a date, not formatted per row), and the median taken over the answered
 * ones; the totals are the days' sums. Measured on 200,000 surveys (docs/performance.md, "Surveys"): the earlier two
 * statements (totals, then days grouped by to_char) read the range twice and sorted it by a formatted text.
 */
export async function surveyStats(
  tx: TTx,
  opts: { companyId: number; from: Date; to: Date; timeZone: string },
): Promise<{ totals: TSurveyTotals; daily: { day: string; sent: number; completed: number; positive: number; negative: number }[] }> {
  const where = filterWhere({ companyId: opts.companyId, sentAfter: opts.from, sentBefore: opts.to });
  const result = await tx.execute<Record<string, string | number | null>>(sql`
    with r as materialized (
      select ((${surveys.sentAt} at time zone ${opts.timeZone})::date)::text as day, ${surveys.answer} as answer,
             ${surveys.answeredAt} is not null as answered, extract(epoch from ${surveys.answeredAt} - ${surveys.sentAt}) as seconds,
             ${surveys.resolvedAt} is not null as resolved, ${surveys.comment} is not null as commented,
             ${surveys.googleClickedAt} is not null as google, ${surveys.yelpClickedAt} is not null as yelp,
             ${surveys.facebookClickedAt} is not null as facebook
      from ${surveys} where ${where}
    )
    select day, count(*) as sent, count(*) filter (where answered) as completed, count(*) filter (where answer) as positive,
           count(*) filter (where answer = false) as negative, count(*) filter (where answer = false and not resolved) as unresolved,
           count(*) filter (where commented) as with_comment, count(*) filter (where google) as google,
           count(*) filter (where yelp) as yelp, count(*) filter (where facebook) as facebook,
           (select percentile_cont(0.5) within group (order by seconds) from r where answered) as median_seconds
    from r group by day order by day`);
  const n = (v: string | number | null | undefined) => Number(v ?? 0);
  const days = result.rows as Record<string, string | number | null>[];
  const sum = (key: string) => days.reduce((acc, d) => acc + n(d[key]), 0);
  const median = days[0]?.median_seconds;
  return {
    totals: {
      sent: sum('sent'),
      completed: sum('completed'),
      positive: sum('positive'),
      negative: sum('negative'),
      unresolved: sum('unresolved'),
      withComment: sum('with_comment'),
      google: sum('google'),
      yelp: sum('yelp'),
      facebook: sum('facebook'),
      medianSeconds: median === null || median === undefined ? null : Number(median),
    },
    daily: days.map((d) => ({ day: String(d.day), sent: n(d.sent), completed: n(d.completed), positive: n(d.positive), negative: n(d.negative) })),
  };
}
