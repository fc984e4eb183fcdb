import { sql, type SQL } from 'drizzle-orm';
import type { TAnswer, TQuestion } from '@cd/contracts/questionnaires';
import { TOTAL_COUNT_CAP } from '../../db/capped-count';
import type { TTx } from '../../db/client';
import type { TListTotal } from '../../lib/hydra';
import type { TPageAsk, TQuestionnaireResponseRow, TQuestionnaireRow } from './questionnaires.schema';

/** Every SQL statement of questionnaires (migration 0032). Ids and counts are cast to int/text so PGlite and PG agree. */

type TRaw = Record<string, unknown>;
const rowsOf = async (tx: TTx, query: SQL): Promise<TRaw[]> => (await tx.execute(query)).rows as TRaw[];
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const dateOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : dateOf(v));
const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const questionnaireColumns = sql`q.company_id, q.id, q.name, q.questions, q.archived_at, q.created_at, q.updated_at,
  (select count(*)::int from questionnaire_responses r where r.company_id = q.company_id and r.questionnaire_id = q.id) as sent_count,
  (select count(*)::int from questionnaire_responses r
     where r.company_id = q.company_id and r.questionnaire_id = q.id and r.answered_at is not null) as answered_count`;

function questionnaireOf(r: TRaw): TQuestionnaireRow {
  return {
    companyId: num(r.company_id),
    id: num(r.id),
    name: String(r.name),
    questions: jsonOf<TQuestion[]>(r.questions),
    archivedAt: dateOrNull(r.archived_at),
    sentCount: num(r.sent_count),
    answeredCount: num(r.answered_count),
    createdAt: dateOf(r.created_at),
    updatedAt: dateOf(r.updated_at),
  };
}

function listFilter(opts: { companyId: number; archived: boolean; name?: string }): SQL {
  const name = opts.name ? sql` and q.name ilike ${likeOf(opts.name)}` : sql``;
  const archived = opts.archived ? sql` and q.archived_at is not null` : sql` and q.archived_at is null`;
  return sql`from questionnaires q where q.company_id = ${opts.companyId}${archived}${name}`;
}

export async function listQuestionnaires(tx: TTx, opts: { companyId: number; archived: boolean; name?: string; ask: TPageAsk }): Promise<TQuestionnaireRow[]> {
  const { ask } = opts;
  let keyset = sql``;
  if (ask.paginated && ask.before)
    keyset =
      ask.idLt !== undefined
        ? sql` and (q.created_at, q.id) < (${ask.before.toISOString()}::timestamptz, ${ask.idLt})`
        : sql` and q.created_at < ${ask.before.toISOString()}::timestamptz`;
  const order = ask.paginated ? sql`q.created_at desc, q.id desc` : sql`lower(q.name), q.id`;
  const rows = await rowsOf(tx, sql`select ${questionnaireColumns} ${listFilter(opts)}${keyset} order by ${order} limit ${ask.limit}`);
  return rows.map(questionnaireOf);
}

export async function countQuestionnaires(tx: TTx, opts: { companyId: number; archived: boolean; name?: string }): Promise<TListTotal> {
  const res = await rowsOf(tx, sql`select count(*)::int as n from (select 1 ${listFilter(opts)} limit ${TOTAL_COUNT_CAP + 1}) capped`);
  const n = num(res[0]?.n ?? 0);
  return n <= TOTAL_COUNT_CAP ? { exact: n } : { atLeast: TOTAL_COUNT_CAP };
}

export async function findQuestionnaire(tx: TTx, opts: { companyId: number; id: number; forUpdate?: boolean }): Promise<TQuestionnaireRow | undefined> {
  // The lock is taken on the plain row first (FOR UPDATE cannot go with the aggregates of the columns).
  if (opts.forUpdate) await rowsOf(tx, sql`select 1 from questionnaires where company_id = ${opts.companyId} and id = ${opts.id} for update`);
  const rows = await rowsOf(tx, sql`select ${questionnaireColumns} from questionnaires q where q.company_id = ${opts.companyId} and q.id = ${opts.id}`);
  return rows[0] ? questionnaireOf(rows[0]) : undefined;
}

export async function insertQuestionnaire(tx: TTx, opts: { companyId: number; name: string; questions: TQuestion[] }): Promise<number> {
  const rows = await rowsOf(
    tx,
    sql`insert into questionnaires (company_id, name, questions) values (${opts.companyId}, ${opts.name}, ${JSON.stringify(opts.questions)}::jsonb) returning id::text as id`,
  );
  return num(rows[0]!.id);
}

export async function updateQuestionnaire(
  tx: TTx,
  opts: { companyId: number; id: number; name?: string; questions?: TQuestion[]; archivedAt?: Date | null },
): Promise<boolean> {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (opts.name !== undefined) sets.push(sql`name = ${opts.name}`);
  if (opts.questions !== undefined) sets.push(sql`questions = ${JSON.stringify(opts.questions)}::jsonb`);
  if (opts.archivedAt !== undefined) sets.push(sql`archived_at = ${opts.archivedAt ? opts.archivedAt.toISOString() : null}::timestamptz`);
  const rows = await rowsOf(
    tx,
    sql`update questionnaires set ${sql.join(sets, sql`, `)} where company_id = ${opts.companyId} and id = ${opts.id} returning id::text as id`,
  );
  return rows.length > 0;
}

export async function deleteQuestionnaire(tx: TTx, opts: { companyId: number; id: number }): Promise<void> {
  await rowsOf(tx, sql`delete from questionnaires where company_id = ${opts.companyId} and id = ${opts.id}`);
}

/* ---- Responses ---- */

const responseColumns = sql`r.company_id, r.id, r.questionnaire_id, q.name as questionnaire_name, r.customer_id, r.lead_id, r.link_id,
  cl.code as link_code, r.questions, r.sent_at, r.answered_at, r.answers`;
const responseFrom = sql`from questionnaire_responses r
  join questionnaires q on q.company_id = r.company_id and q.id = r.questionnaire_id
  left join customer_links cl on cl.company_id = r.company_id and cl.id = r.link_id`;

function responseOf(r: TRaw): TQuestionnaireResponseRow {
  return {
    companyId: num(r.company_id),
    id: num(r.id),
    questionnaireId: num(r.questionnaire_id),
    questionnaireName: String(r.questionnaire_name),
    customerId: num(r.customer_id),
    leadId: numOrNull(r.lead_id),
    linkId: numOrNull(r.link_id),
    linkCode: r.link_code === null || r.link_code === undefined ? null : String(r.link_code),
    questions: jsonOf<TQuestion[]>(r.questions),
    sentAt: dateOf(r.sent_at),
    answeredAt: dateOrNull(r.answered_at),
    answers: jsonOf<TAnswer[]>(r.answers),
  };
}

export async function insertResponse(
  tx: TTx,
  opts: { companyId: number; questionnaireId: number; customerId: number; leadId: number | null; questions: TQuestion[] },
): Promise<number> {
  const rows = await rowsOf(
    tx,
    sql`insert into questionnaire_responses (company_id, questionnaire_id, customer_id, lead_id, questions)
        values (${opts.companyId}, ${opts.questionnaireId}, ${opts.customerId}, ${opts.leadId}, ${JSON.stringify(opts.questions)}::jsonb)
        returning id::text as id`,
  );
  return num(rows[0]!.id);
}

export async function setResponseLink(tx: TTx, opts: { companyId: number; id: number; linkId: number }): Promise<void> {
  await rowsOf(tx, sql`update questionnaire_responses set link_id = ${opts.linkId} where company_id = ${opts.companyId} and id = ${opts.id}`);
}

export async function findResponse(tx: TTx, opts: { companyId: number; id: number }): Promise<TQuestionnaireResponseRow | undefined> {
  const rows = await rowsOf(tx, sql`select ${responseColumns} ${responseFrom} where r.company_id = ${opts.companyId} and r.id = ${opts.id}`);
  return rows[0] ? responseOf(rows[0]) : undefined;
}

/**
 * Stores the answers only while none are stored: the condition and the write are one statement, so of two submits
 * racing, the second finds `answered_at` set (after waiting for the first's row lock) and changes nothing.
 */
export async function answerResponse(tx: TTx, opts: { companyId: number; id: number; answers: TAnswer[]; now: Date }): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`update questionnaire_responses set answers = ${JSON.stringify(opts.answers)}::jsonb, answered_at = ${opts.now.toISOString()}::timestamptz
        where company_id = ${opts.companyId} and id = ${opts.id} and answered_at is null returning id::text as id`,
  );
  return rows.length > 0;
}

export async function listResponses(
  tx: TTx,
  opts: { companyId: number; ownerId: number | null; customerId?: number; questionnaireId?: number; limit: number; before?: Date; idLt?: number },
): Promise<TQuestionnaireResponseRow[]> {
  const filters: SQL[] = [sql`r.company_id = ${opts.companyId}`];
  // A plain user sees the answers of the customers they own only, as in the messenger.
  if (opts.ownerId !== null)
    filters.push(sql`exists (select 1 from customers c where c.company_id = r.company_id and c.id = r.customer_id and c.user_id = ${opts.ownerId})`);
  if (opts.customerId !== undefined) filters.push(sql`r.customer_id = ${opts.customerId}`);
  if (opts.questionnaireId !== undefined) filters.push(sql`r.questionnaire_id = ${opts.questionnaireId}`);
  if (opts.before)
    filters.push(
      opts.idLt !== undefined
        ? sql`(r.sent_at, r.id) < (${opts.before.toISOString()}::timestamptz, ${opts.idLt})`
        : sql`r.sent_at < ${opts.before.toISOString()}::timestamptz`,
    );
  const rows = await rowsOf(
    tx,
    sql`select ${responseColumns} ${responseFrom} where ${sql.join(filters, sql` and `)} order by r.sent_at desc, r.id desc limit ${opts.limit}`,
  );
  return rows.map(responseOf);
}
