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

/* Other modules' tables are read by SQL here (names only): surveys sits above them and presents what it links to. */
const refsColumn = sql<TSurveyRefs | string>`json_build_object(
  'customer', (select json_build_object('id', c.id, 'firstName', c.first_name, 'lastName', c.last_name, 'phone', c.phone)
    from customers c where c.company_id = ${surveys.companyId} and c.id = ${surveys.customerId}),
  'order', (select json_build_object('id', ro.id, 'number', ro.number)
    from repair_orders ro where ro.company_id = ${surveys.companyId} and ro.id = ${surveys.repairOrderId}),
  'advisor', (select json_build_object('id', u.id, 'name', ${userName('u')})
    from users u where u.company_id = ${surveys.companyId} and u.id = ${surveys.advisorId}),
  'resolvedBy', (select json_build_object('id', r.id, 'name', ${userName('r')})
    from users r where r.company_id = ${surveys.companyId} and r.id = ${surveys.resolvedById}),
  'task', (select json_build_object('id', t.id, 'dueAt', t.due_at, 'doneAt', t.done_at, 'assigneeId', t.assignee_id,
      'assigneeName', (select ${userName('a')} from users a where a.company_id = t.company_id and a.id = t.assignee_id))
    from tasks t where t.company_id = ${surveys.companyId} and t.id = ${surveys.followUpTaskId}))`;

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

/** The stats of surveys sent in [from, to): one statement for the totals, one for the days (company-local dates). */
export async function surveyStats(
  tx: TTx,
  opts: { companyId: number; from: Date; to: Date; timeZone: string },
): Promise<{ totals: TSurveyTotals; daily: { day: string; sent: number; completed: number; positive: number; negative: number }[] }> {
  const where = filterWhere({ companyId: opts.companyId, sentAfter: opts.from, sentBefore: opts.to });
  const [t] = await tx
    .select({
      sent: sql<string>`count(*)`,
      completed: sql<string>`count(${surveys.answeredAt})`,
      positive: sql<string>`count(*) filter (where ${surveys.answer})`,
      negative: sql<string>`count(*) filter (where ${surveys.answer} = false)`,
      unresolved: sql<string>`count(*) filter (where ${surveys.answer} = false and ${surveys.resolvedAt} is null)`,
      withComment: sql<string>`count(${surveys.comment})`,
      google: sql<string>`count(${surveys.googleClickedAt})`,
      yelp: sql<string>`count(${surveys.yelpClickedAt})`,
      facebook: sql<string>`count(${surveys.facebookClickedAt})`,
      medianSeconds: sql<string | null>`percentile_cont(0.5) within group (order by extract(epoch from ${surveys.answeredAt} - ${surveys.sentAt}))
        filter (where ${surveys.answeredAt} is not null)`,
    })
    .from(surveys)
    .where(where);
  const dayExpr = sql<string>`to_char(${surveys.sentAt} at time zone ${opts.timeZone}, 'YYYY-MM-DD')`;
  const days = await tx
    .select({
      day: dayExpr,
      sent: sql<string>`count(*)`,
      completed: sql<string>`count(${surveys.answeredAt})`,
      positive: sql<string>`count(*) filter (where ${surveys.answer})`,
      negative: sql<string>`count(*) filter (where ${surveys.answer} = false)`,
    })
    .from(surveys)
    .where(where)
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  const n = (v: string | number | null | undefined) => Number(v ?? 0);
  return {
    totals: {
      sent: n(t?.sent),
      completed: n(t?.completed),
      positive: n(t?.positive),
      negative: n(t?.negative),
      unresolved: n(t?.unresolved),
      withComment: n(t?.withComment),
      google: n(t?.google),
      yelp: n(t?.yelp),
      facebook: n(t?.facebook),
      medianSeconds: t?.medianSeconds === null || t?.medianSeconds === undefined ? null : Number(t.medianSeconds),
    },
    daily: days.map((d) => ({ day: d.day, sent: n(d.sent), completed: n(d.completed), positive: n(d.positive), negative: n(d.negative) })),
  };
}
