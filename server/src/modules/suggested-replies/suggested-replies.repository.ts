import { sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client';

/**
 * Every SQL statement of suggested replies. A suggestion request is three statements whatever the history holds:
 * the customer with its latest message, the similar past questions with the reply that followed each, the templates.
 */

type TRaw = Record<string, unknown>;
const rowsOf = async (tx: TTx, query: SQL): Promise<TRaw[]> => (await tx.execute(query)).rows as TRaw[];
const num = (v: unknown) => Number(v);
const dateOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Past questions looked at, best similarity first, before the replies are joined (bounds the work per request). */
export const CANDIDATE_LIMIT = 40;
/**
 * Similar questions read at most (no order: the bitmap heap scan stops there). Only when more than this many recent
 * questions pass the trigram threshold (a company where everyone asks the same) are some left unranked.
 */
export const SCAN_LIMIT = 1000;
/** Only questions of this many recent days are searched. */
export const HISTORY_DAYS = 365;
/** A reply counts as the answer to a question only when sent within this many hours of it. */
export const REPLY_WINDOW_HOURS = 48;
/** The question text compared is cut to this many characters (trigram cost grows with its length). */
export const QUESTION_CHARS = 500;

/** Who may see which conversations: company admins every customer of the company, other users their own customers. */
export interface TViewer {
  companyId: number;
  /** null: every customer of the company (admins); else only customers owned by this user. */
  ownerId: number | null;
  userId: number;
}

export interface TCustomerWithLatest {
  id: number;
  firstName: string;
  lastName: string;
  phone: string;
  latest: { id: number; direction: string; content: string } | null;
}

const ownerFilter = (alias: string, v: TViewer) => (v.ownerId === null ? sql`` : sql` and ${sql.raw(alias)}.user_id = ${v.ownerId}`);

/** The customer (if the viewer may see it) and its latest message. */
export async function findCustomerWithLatest(tx: TTx, opts: TViewer & { customerId: number }): Promise<TCustomerWithLatest | null> {
  const rows = await rowsOf(
    tx,
    sql`select c.id, c.first_name, c.last_name, c.phone, m.id as message_id, m.direction, m.content
        from customers c
        left join lateral (
          select id, direction, content from messages
          where company_id = c.company_id and customer_id = c.id
          order by created_at desc, id desc limit 1
        ) m on true
        where c.company_id = ${opts.companyId} and c.id = ${opts.customerId}${ownerFilter('c', opts)}`,
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: num(r.id),
    firstName: text(r.first_name),
    lastName: text(r.last_name),
    phone: text(r.phone),
    latest: r.message_id === null || r.message_id === undefined ? null : { id: num(r.message_id), direction: text(r.direction), content: text(r.content) },
  };
}

export interface TPastReplyRow {
  questionId: number;
  similarity: number;
  customerId: number;
  firstName: string;
  lastName: string;
  phone: string;
  replyId: number;
  replyText: string;
  replyUserId: number | null;
  repliedAt: Date;
}

/**
 * Past inbound messages of the company similar to `question` (pg_trgm `%`, the partial trigram index of 0048), of the
 * recent window and of conversations the viewer may see (at most SCAN_LIMIT read), best first and at most CANDIDATE_LIMIT; each joined with the
 * first agent message sent after it in the same conversation within REPLY_WINDOW_HOURS (the thread index).
 */
export function pastRepliesStatement(opts: TViewer & { question: string; excludeMessageId: number }): SQL {
  const q = opts.question.slice(0, QUESTION_CHARS);
  return sql`with hits as (
          select m.id, m.customer_id, m.created_at, m.content, c.first_name, c.last_name, c.phone
          from messages m
          join customers c on c.company_id = m.company_id and c.id = m.customer_id
          where m.company_id = ${opts.companyId} and m.direction = 'INBOUND' and m.content is not null
            and m.content % ${q} and m.id <> ${opts.excludeMessageId}
            and m.created_at > now() - make_interval(days => ${HISTORY_DAYS})${ownerFilter('c', opts)}
          limit ${SCAN_LIMIT}
        ), cand as (
          select id, customer_id, created_at, similarity(content, ${q}) as sim, first_name, last_name, phone
          from hits
          order by sim desc, created_at desc
          limit ${CANDIDATE_LIMIT}
        )
        select cand.id as question_id, cand.sim, cand.customer_id, cand.first_name, cand.last_name, cand.phone,
               r.id as reply_id, r.content as reply_text, r.user_id as reply_user_id, r.created_at as replied_at
        from cand
        join lateral (
          select o.id, o.content, o.user_id, o.created_at from messages o
          where o.company_id = ${opts.companyId} and o.customer_id = cand.customer_id
            and (o.created_at, o.id) > (cand.created_at, cand.id)
            and o.created_at < cand.created_at + make_interval(hours => ${REPLY_WINDOW_HOURS})
            and o.direction = 'OUTBOUND' and o.sender = 'agent'
            and o.status not in ('scheduled', 'FAILED', 'UNDELIVERED', 'blocked')
            and coalesce(o.content, '') <> ''
          order by o.created_at, o.id
          limit 1
        ) r on true
        order by cand.sim desc, r.created_at desc`;
}

export async function findPastReplies(tx: TTx, opts: TViewer & { question: string; excludeMessageId: number }): Promise<TPastReplyRow[]> {
  // With the candidate LIMIT the planner expects to stop early and prefers a sequential scan of all messages, which
  // reads everything when few questions match (15 s on the 2M bench): the trigram index is always the way in.
  await tx.execute(sql`set local enable_seqscan = off`);
  const rows = await rowsOf(tx, pastRepliesStatement(opts));
  return rows.map((r) => ({
    questionId: num(r.question_id),
    similarity: num(r.sim),
    customerId: num(r.customer_id),
    firstName: text(r.first_name),
    lastName: text(r.last_name),
    phone: text(r.phone),
    replyId: num(r.reply_id),
    replyText: text(r.reply_text),
    replyUserId: r.reply_user_id === null || r.reply_user_id === undefined ? null : num(r.reply_user_id),
    repliedAt: dateOf(r.replied_at),
  }));
}

/** The company's templates most similar to the question (any similarity above zero), best first. */
export async function findTemplates(
  tx: TTx,
  opts: { companyId: number; question: string; limit: number },
): Promise<{ id: number; text: string; similarity: number }[]> {
  const q = opts.question.slice(0, QUESTION_CHARS);
  const rows = await rowsOf(
    tx,
    sql`select id, text, sim from (
          select id, text, similarity(text, ${q}) as sim from message_templates where company_id = ${opts.companyId}
        ) t where sim > 0 order by sim desc, id limit ${opts.limit}`,
  );
  return rows.map((r) => ({ id: num(r.id), text: text(r.text), similarity: num(r.sim) }));
}

/** The inbound message, if it is one of a conversation the viewer may see. */
export async function findVisibleInbound(tx: TTx, opts: TViewer & { messageId: number }): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`select 1 from messages m join customers c on c.company_id = m.company_id and c.id = m.customer_id
        where m.company_id = ${opts.companyId} and m.id = ${opts.messageId} and m.direction = 'INBOUND'${ownerFilter('c', opts)}`,
  );
  return rows.length > 0;
}

/** Records an action once per (user, message, action): a repeat (or a parallel twin) changes nothing. */
export async function insertEvent(
  tx: TTx,
  opts: { companyId: number; userId: number; messageId: number; action: string; kind: string | null; sourceId: number | null },
): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`insert into suggested_reply_events (company_id, user_id, message_id, action, kind, source_id)
        values (${opts.companyId}, ${opts.userId}, ${opts.messageId}, ${opts.action}, ${opts.kind}, ${opts.sourceId})
        on conflict (company_id, user_id, message_id, action) do nothing returning id`,
  );
  return rows.length > 0;
}

/** Counts per UTC day and action over the last `days` days (today included). */
export async function countByDay(tx: TTx, opts: { companyId: number; days: number }): Promise<{ date: string; action: string; n: number }[]> {
  const rows = await rowsOf(
    tx,
    sql`select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as date, action, count(*)::int as n
        from suggested_reply_events
        where company_id = ${opts.companyId}
          and created_at >= ((now() at time zone 'UTC')::date - ${opts.days - 1}::int)::timestamp at time zone 'UTC'
        group by 1, 2`,
  );
  return rows.map((r) => ({ date: text(r.date), action: text(r.action), n: num(r.n) }));
}
