import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { instantOfWallClock } from '@cd/contracts/automation-schedule';
import { localDayOf } from '@cd/contracts/survey';
import type { TTx } from '../../db/client';
import { countRows } from '../../db/capped-count';
import type { TListTotal } from '../../lib/hydra';
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

export async function countSurveys(tx: TTx, opts: { filter: TSurveyFilter; exact?: boolean }): Promise<TListTotal> {
  return countRows(tx, { table: surveys, where: filterWhere(opts.filter), exact: opts.exact });
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
/** A range of more days than this is refused (the stats group by local day; ten years is plenty for a dashboard). */
export const SURVEY_STATS_MAX_DAYS = 3660;

/** Local midnights from the day of `from` until past `to`: the lower bounds of the days the stats group by. */
function dayStartsOf(opts: { from: Date; to: Date; timeZone: string }): Date[] {
  // The first day's date once; each later day is a wall-clock midnight read in the zone (DST-safe).
  const [y, m, d] = localDayOf({ instant: opts.from, timeZone: opts.timeZone }).split('-').map(Number) as [number, number, number];
  const starts: Date[] = [];
  for (let i = 0; i <= SURVEY_STATS_MAX_DAYS; i++) {
    const start = instantOfWallClock({ wall: Date.UTC(y, m - 1, d + i), timeZone: opts.timeZone });
    if (start.getTime() >= opts.to.getTime()) break;
    starts.push(start);
  }
  return starts;
}

/**
 * The stats of surveys sent in [from, to), in one statement over the covering index (surveys_stats_idx, migration
 * 0020): per local day (the bucket of `width_bucket` over the day starts, no time-zone arithmetic per row) and, by a
 * grouping set, the totals with the median time to answer.
 */
export async function surveyStats(
  tx: TTx,
  opts: { companyId: number; from: Date; to: Date; timeZone: string },
): Promise<{ totals: TSurveyTotals; daily: { day: string; sent: number; completed: number; positive: number; negative: number }[] }> {
  const starts = dayStartsOf(opts);
  const bounds = sql`${sql.param(starts.map((d) => d.toISOString()))}::timestamptz[]`;
  const result = await tx.execute<Record<string, string | number | null>>(sql`
    select s.bucket, grouping(s.bucket) as total,
           count(*) as sent, count(s.answered_at) as completed, count(*) filter (where s.answer) as positive,
           count(*) filter (where s.answer = false) as negative, count(*) filter (where s.answer = false and s.resolved_at is null) as unresolved,
           count(*) filter (where s.has_comment) as with_comment, count(s.google_clicked_at) as google,
           count(s.yelp_clicked_at) as yelp, count(s.facebook_clicked_at) as facebook,
           percentile_cont(0.5) within group (order by extract(epoch from s.answered_at - s.sent_at)) filter (where s.answered_at is not null) as median_seconds
    from (
      select width_bucket(sent_at, ${bounds}) as bucket, sent_at, answered_at, answer, resolved_at, has_comment,
             google_clicked_at, yelp_clicked_at, facebook_clicked_at
      from surveys
      where company_id = ${opts.companyId} and sent_at is not null and sent_at >= ${opts.from} and sent_at < ${opts.to}
    ) s
    group by grouping sets ((s.bucket), ())`);
  const n = (v: string | number | null | undefined) => Number(v ?? 0);
  const rows = result.rows as Record<string, string | number | null>[];
  const total = rows.find((r) => n(r.total) === 1);
  const days = rows.filter((r) => n(r.total) === 0).sort((x, y) => n(x.bucket) - n(y.bucket));
  const median = total?.median_seconds;
  return {
    totals: {
      sent: n(total?.sent),
      completed: n(total?.completed),
      positive: n(total?.positive),
      negative: n(total?.negative),
      unresolved: n(total?.unresolved),
      withComment: n(total?.with_comment),
      google: n(total?.google),
      yelp: n(total?.yelp),
      facebook: n(total?.facebook),
      medianSeconds: median === null || median === undefined ? null : Number(median),
    },
    daily: days.map((d) => ({
      day: localDayOf({ instant: starts[n(d.bucket) - 1]!, timeZone: opts.timeZone }),
      sent: n(d.sent),
      completed: n(d.completed),
      positive: n(d.positive),
      negative: n(d.negative),
    })),
  };
}
