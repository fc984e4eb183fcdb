import { sql, type SQL } from 'drizzle-orm';
import type { TOfferRecipient, TOfferResults } from '@cd/contracts/offers';
import { TOTAL_COUNT_CAP } from '../../db/capped-count';
import type { TTx } from '../../db/client';
import type { TListTotal } from '../../lib/hydra';
import { activeConsentSql } from '../marketing/marketing.api';
import type { TOfferPageAsk, TOfferRow, TStoredAudience } from './offers.schema';

/** Every SQL statement of offers. */

type TRaw = Record<string, unknown>;
const rowsOf = async (tx: TTx, query: SQL): Promise<TRaw[]> => (await tx.execute(query)).rows as TRaw[];
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));
const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

const offerColumns = sql`o.company_id::int as company_id, o.id::int as id, o.name, o.message, o.image_media_id::int as image_media_id, o.audience,
  o.status, o.scheduled_at, o.sent_at, o.failure_reason, o.group_message_id::int as group_message_id, o.created_by_id::int as created_by_id,
  o.created_at, o.updated_at`;

function offerOf(r: TRaw): TOfferRow {
  const audience = jsonOf<Partial<TStoredAudience>>(r.audience) ?? {};
  return {
    companyId: Number(r.company_id),
    id: Number(r.id),
    name: String(r.name),
    message: String(r.message),
    imageMediaId: numOrNull(r.image_media_id),
    audience: { interestIds: audience.interestIds ?? [], tagIds: audience.tagIds ?? [], groupIds: audience.groupIds ?? [] },
    status: r.status as TOfferRow['status'],
    scheduledAt: dateOrNull(r.scheduled_at),
    sentAt: dateOrNull(r.sent_at),
    failureReason: (r.failure_reason as string | null) ?? null,
    groupMessageId: numOrNull(r.group_message_id),
    createdById: numOrNull(r.created_by_id),
    createdAt: dateOrNull(r.created_at)!,
    updatedAt: dateOrNull(r.updated_at)!,
  };
}

export async function insertOffer(
  tx: TTx,
  v: {
    companyId: number;
    name: string;
    message: string;
    imageMediaId: number | null;
    audience: TStoredAudience;
    scheduledAt: Date | null;
    createdById: number;
  },
): Promise<TOfferRow> {
  const [r] = await rowsOf(
    tx,
    sql`insert into offers as o (company_id, name, message, image_media_id, audience, status, scheduled_at, created_by_id)
        values (${v.companyId}, ${v.name}, ${v.message}, ${v.imageMediaId}, ${JSON.stringify(v.audience)}::jsonb,
                ${v.scheduledAt ? 'scheduled' : 'draft'}, ${v.scheduledAt?.toISOString() ?? null}::timestamptz, ${v.createdById})
        returning ${offerColumns}`,
  );
  return offerOf(r!);
}

/** One offer; `lock` takes its row lock (the once-only send and edits serialise on it). */
export async function findOffer(tx: TTx, opts: { companyId: number; id: number; lock?: boolean }): Promise<TOfferRow | undefined> {
  const [r] = await rowsOf(
    tx,
    sql`select ${offerColumns} from offers o where o.company_id = ${opts.companyId} and o.id = ${opts.id}${opts.lock ? sql` for update` : sql``}`,
  );
  return r ? offerOf(r) : undefined;
}

export async function updateOffer(
  tx: TTx,
  opts: {
    companyId: number;
    id: number;
    values: Partial<
      Pick<TOfferRow, 'name' | 'message' | 'imageMediaId' | 'audience' | 'status' | 'scheduledAt' | 'sentAt' | 'failureReason' | 'groupMessageId'>
    >;
  },
): Promise<TOfferRow> {
  const v = opts.values;
  const sets: SQL[] = [sql`updated_at = now()`];
  if (v.name !== undefined) sets.push(sql`name = ${v.name}`);
  if (v.message !== undefined) sets.push(sql`message = ${v.message}`);
  if (v.imageMediaId !== undefined) sets.push(sql`image_media_id = ${v.imageMediaId}`);
  if (v.audience !== undefined) sets.push(sql`audience = ${JSON.stringify(v.audience)}::jsonb`);
  if (v.status !== undefined) sets.push(sql`status = ${v.status}`);
  if (v.scheduledAt !== undefined) sets.push(sql`scheduled_at = ${v.scheduledAt?.toISOString() ?? null}::timestamptz`);
  if (v.sentAt !== undefined) sets.push(sql`sent_at = ${v.sentAt?.toISOString() ?? null}::timestamptz`);
  if (v.failureReason !== undefined) sets.push(sql`failure_reason = ${v.failureReason}`);
  if (v.groupMessageId !== undefined) sets.push(sql`group_message_id = ${v.groupMessageId}`);
  const [r] = await rowsOf(
    tx,
    sql`update offers o set ${sql.join(sets, sql`, `)} where o.company_id = ${opts.companyId} and o.id = ${opts.id} returning ${offerColumns}`,
  );
  return offerOf(r!);
}

export async function deleteOffer(tx: TTx, opts: { companyId: number; id: number }): Promise<void> {
  await tx.execute(sql`delete from offers where company_id = ${opts.companyId} and id = ${opts.id}`);
}

/** Newest first after the keyset. */
export async function listOffers(tx: TTx, opts: { companyId: number; ask: TOfferPageAsk }): Promise<TOfferRow[]> {
  const { ask } = opts;
  const keyset = ask.before
    ? ask.idLt !== undefined
      ? sql` and (o.created_at, o.id) < (${ask.before.toISOString()}::timestamptz, ${ask.idLt})`
      : sql` and o.created_at < ${ask.before.toISOString()}::timestamptz`
    : sql``;
  const status = ask.status ? sql` and o.status = ${ask.status}` : sql``;
  const rows = await rowsOf(
    tx,
    sql`select ${offerColumns} from offers o where o.company_id = ${opts.companyId}${status}${keyset}
        order by o.created_at desc, o.id desc limit ${ask.limit}`,
  );
  return rows.map(offerOf);
}

export async function countOffers(tx: TTx, opts: { companyId: number; status?: string }): Promise<TListTotal> {
  const status = opts.status ? sql` and status = ${opts.status}` : sql``;
  const [r] = await rowsOf(
    tx,
    sql`select count(*)::int as n from (select 1 from offers where company_id = ${opts.companyId}${status} limit ${TOTAL_COUNT_CAP + 1}) capped`,
  );
  const n = Number(r?.n ?? 0);
  return n <= TOTAL_COUNT_CAP ? { exact: n } : { atLeast: TOTAL_COUNT_CAP };
}

const EMPTY_RESULTS: TOfferResults = { recipients: 0, queued: 0, sent: 0, delivered: 0, failed: 0, skipped: 0, replied: 0, optedOut: 0 };
const FAILED_MESSAGE = sql`('FAILED', 'UNDELIVERED', 'blocked')`;

/** Results of many offers in one statement (message status read live, so delivery updates show without a copy). */
export async function countResults(tx: TTx, opts: { companyId: number; offerIds: number[] }): Promise<Map<number, TOfferResults>> {
  const out = new Map<number, TOfferResults>(opts.offerIds.map((id) => [id, { ...EMPTY_RESULTS }]));
  if (!opts.offerIds.length) return out;
  const rows = await rowsOf(
    tx,
    sql`select r.offer_id::int as id, count(*)::int as recipients,
          count(*) filter (where r.status = 'queued')::int as queued,
          count(*) filter (where r.status = 'skipped')::int as skipped,
          count(*) filter (where r.status = 'sent' and coalesce(m.status, '') not in ${FAILED_MESSAGE})::int as sent,
          count(*) filter (where r.status = 'sent' and m.status in ('DELIVERED', 'SEEN', 'READ'))::int as delivered,
          count(*) filter (where r.status = 'sent' and m.status in ${FAILED_MESSAGE})::int as failed,
          count(*) filter (where r.replied_at is not null)::int as replied,
          count(*) filter (where r.opted_out_at is not null or (r.sent_at is not null and c.opt_out and c.opted_out_at >= r.sent_at))::int as opted_out
        from offer_recipients r
        join customers c on c.company_id = r.company_id and c.id = r.customer_id
        left join messages m on m.company_id = r.company_id and m.id = r.message_id
        where r.company_id = ${opts.companyId} and r.offer_id = any(${sql.param(opts.offerIds)}::bigint[])
        group by r.offer_id`,
  );
  for (const r of rows)
    out.set(Number(r.id), {
      recipients: Number(r.recipients),
      queued: Number(r.queued),
      sent: Number(r.sent),
      delivered: Number(r.delivered),
      failed: Number(r.failed),
      skipped: Number(r.skipped),
      replied: Number(r.replied),
      optedOut: Number(r.opted_out),
    });
  return out;
}

/** The audience as a set of customer ids (unarchived; a customer in several parts once). */
function audienceSql(opts: { companyId: number; audience: TStoredAudience; interestCustomerIds: number[] }): SQL {
  const { audience } = opts;
  return sql`select c.id from customers c where c.company_id = ${opts.companyId} and not c.archived and (
      c.id = any(${sql.param(opts.interestCustomerIds)}::bigint[])
      or c.tags && ${sql.param(audience.tagIds)}::text[]
      or exists (select 1 from customer_group_members g where g.company_id = c.company_id and g.customer_id = c.id
                 and g.group_id = any(${sql.param(audience.groupIds)}::bigint[])))`;
}

export interface TAudienceMember {
  id: number;
  phone: string | null;
  address: Record<string, unknown>;
  timezone: string | null;
  optOut: boolean;
  consent: boolean;
  sentLastDay: number;
}

/** Each audience member with what decides eligibility (audience_size); at most `limit` rows. */
export async function listAudienceMembers(
  tx: TTx,
  opts: { companyId: number; audience: TStoredAudience; interestCustomerIds: number[]; limit: number },
): Promise<TAudienceMember[]> {
  const rows = await rowsOf(
    tx,
    sql`select c.id::int as id, c.phone, c.address, c.timezone, c.opt_out, ${activeConsentSql('c')} as consent,
          (select count(*)::int from offer_recipients x where x.company_id = c.company_id and x.customer_id = c.id
             and x.sent_at > now() - interval '24 hours') as sent_last_day
        from customers c where c.company_id = ${opts.companyId} and c.id in (${audienceSql(opts)})
        order by c.id limit ${opts.limit}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    phone: (r.phone as string | null) ?? null,
    address: jsonOf<Record<string, unknown>>(r.address) ?? {},
    timezone: (r.timezone as string | null) ?? null,
    optOut: r.opt_out === true,
    consent: r.consent === true,
    sentLastDay: Number(r.sent_last_day),
  }));
}

/**
 * Writes every audience member once (the primary key): queued when they may get marketing texts, else skipped
 * with the reason. Earlier skips of a failed attempt are cleared first so a retry judges everyone again.
 */
export async function buildRecipients(
  tx: TTx,
  opts: { companyId: number; offerId: number; audience: TStoredAudience; interestCustomerIds: number[] },
): Promise<{ queued: number; total: number }> {
  await tx.execute(sql`delete from offer_recipients where company_id = ${opts.companyId} and offer_id = ${opts.offerId} and status = 'skipped'`);
  await tx.execute(sql`
    insert into offer_recipients (company_id, offer_id, customer_id, status, skip_reason)
    select ${opts.companyId}, ${opts.offerId}, c.id,
           case when ${activeConsentSql('c')} then 'queued' else 'skipped' end,
           case when c.opt_out then 'opted_out' when not ${activeConsentSql('c')} then 'no_marketing_consent' else null end
    from customers c where c.company_id = ${opts.companyId} and c.id in (${audienceSql(opts)})
    on conflict (company_id, offer_id, customer_id) do nothing`);
  const [r] = await rowsOf(
    tx,
    sql`select count(*) filter (where status = 'queued')::int as queued, count(*)::int as total
        from offer_recipients where company_id = ${opts.companyId} and offer_id = ${opts.offerId}`,
  );
  return { queued: Number(r?.queued ?? 0), total: Number(r?.total ?? 0) };
}

/** Queued recipients due now (not deferred past `now`), with their consent re-read at this moment. */
export async function listDueRecipients(
  tx: TTx,
  opts: { companyId: number; offerId: number; now: Date; limit: number },
): Promise<{ customerId: number; consent: boolean; sentLastDay: number }[]> {
  const rows = await rowsOf(
    tx,
    sql`select r.customer_id::int as customer_id, ${activeConsentSql('c')} as consent,
          (select count(*)::int from offer_recipients x where x.company_id = r.company_id and x.customer_id = r.customer_id
             and x.sent_at > ${opts.now.toISOString()}::timestamptz - interval '24 hours') as sent_last_day
        from offer_recipients r join customers c on c.company_id = r.company_id and c.id = r.customer_id
        where r.company_id = ${opts.companyId} and r.offer_id = ${opts.offerId} and r.status = 'queued'
          and (r.deferred_until is null or r.deferred_until <= ${opts.now.toISOString()}::timestamptz)
        order by r.customer_id limit ${opts.limit}`,
  );
  return rows.map((r) => ({ customerId: Number(r.customer_id), consent: r.consent === true, sentLastDay: Number(r.sent_last_day) }));
}

/** Skips and deferrals of a batch in one statement. */
export async function markRecipients(
  tx: TTx,
  opts: { companyId: number; offerId: number; rows: { customerId: number; skipReason: string | null; deferredUntil: Date | null }[] },
): Promise<void> {
  if (!opts.rows.length) return;
  await tx.execute(sql`
    update offer_recipients r set
      status = case when x.skip_reason is null then r.status else 'skipped' end,
      skip_reason = x.skip_reason,
      deferred_until = x.deferred_until
    from (select (e->>'customerId')::bigint as customer_id, e->>'skipReason' as skip_reason, (e->>'deferredUntil')::timestamptz as deferred_until
          from jsonb_array_elements(${JSON.stringify(opts.rows)}::jsonb) as e) x
    where r.company_id = ${opts.companyId} and r.offer_id = ${opts.offerId} and r.customer_id = x.customer_id and r.status = 'queued'`);
}

/** Recipients whose message exists (just written, or by a run that crashed before this) become sent. */
export async function markSent(tx: TTx, opts: { companyId: number; offerId: number; groupMessageId: number; customerIds: number[] }): Promise<void> {
  if (!opts.customerIds.length) return;
  await tx.execute(sql`
    update offer_recipients r set status = 'sent', message_id = m.id, sent_at = coalesce(r.sent_at, now()), deferred_until = null
    from messages m
    where r.company_id = ${opts.companyId} and r.offer_id = ${opts.offerId} and r.customer_id = any(${sql.param(opts.customerIds)}::bigint[])
      and m.company_id = r.company_id and m.group_message_id = ${opts.groupMessageId} and m.customer_id = r.customer_id`);
}

/** The earliest deferral still waiting, if any. */
export async function nextDeferral(tx: TTx, opts: { companyId: number; offerId: number }): Promise<Date | null> {
  const [r] = await rowsOf(
    tx,
    sql`select min(deferred_until) as at from offer_recipients where company_id = ${opts.companyId} and offer_id = ${opts.offerId} and status = 'queued'`,
  );
  return dateOrNull(r?.at);
}

/** The offer most recently sent to a customer within the last `withinDays` days. */
export async function findRecentOfferFor(
  tx: TTx,
  opts: { companyId: number; customerId: number; withinDays: number },
): Promise<{ id: number; name: string; sentAt: Date } | null> {
  const [r] = await rowsOf(
    tx,
    sql`select o.id::int as id, o.name, r.sent_at from offer_recipients r join offers o on o.company_id = r.company_id and o.id = r.offer_id
        where r.company_id = ${opts.companyId} and r.customer_id = ${opts.customerId} and r.status = 'sent'
          and r.sent_at > now() - make_interval(days => ${Math.max(0, Math.floor(opts.withinDays))})
        order by r.sent_at desc, o.id desc limit 1`,
  );
  return r ? { id: Number(r.id), name: String(r.name), sentAt: dateOrNull(r.sent_at)! } : null;
}

/** A reply marks the offer the customer last got (once); a STOP marks every offer they got as opted out after. */
export async function markReplied(tx: TTx, opts: { companyId: number; customerId: number; offerId: number }): Promise<void> {
  await tx.execute(sql`update offer_recipients set replied_at = now()
    where company_id = ${opts.companyId} and offer_id = ${opts.offerId} and customer_id = ${opts.customerId} and replied_at is null`);
}

export async function markOptedOut(tx: TTx, opts: { companyId: number; customerId: number }): Promise<void> {
  await tx.execute(sql`update offer_recipients set opted_out_at = now()
    where company_id = ${opts.companyId} and customer_id = ${opts.customerId} and sent_at is not null and opted_out_at is null`);
}

export async function listRecipients(tx: TTx, opts: { companyId: number; offerId: number; afterId?: number; limit: number }): Promise<TOfferRecipient[]> {
  const rows = await rowsOf(
    tx,
    sql`select r.customer_id::int as customer_id, trim(c.first_name || ' ' || c.last_name) as name, c.phone, r.status, r.skip_reason,
          r.deferred_until, r.message_id::int as message_id, m.status as message_status, r.sent_at, r.replied_at, r.opted_out_at
        from offer_recipients r join customers c on c.company_id = r.company_id and c.id = r.customer_id
        left join messages m on m.company_id = r.company_id and m.id = r.message_id
        where r.company_id = ${opts.companyId} and r.offer_id = ${opts.offerId}${opts.afterId ? sql` and r.customer_id > ${opts.afterId}` : sql``}
        order by r.customer_id limit ${opts.limit}`,
  );
  const iso = (v: unknown) => dateOrNull(v)?.toISOString() ?? null;
  return rows.map((r) => {
    const ms = (r.message_status as string | null) ?? null;
    const status =
      r.status === 'sent' && ms && ['DELIVERED', 'SEEN', 'READ'].includes(ms)
        ? 'delivered'
        : r.status === 'sent' && ms && ['FAILED', 'UNDELIVERED', 'blocked'].includes(ms)
          ? 'failed'
          : (r.status as TOfferRecipient['status']);
    return {
      customer: `/api/customers/${Number(r.customer_id)}`,
      customerName: String(r.name || r.phone || ''),
      status,
      skipReason: (r.skip_reason as string | null) ?? null,
      deferredUntil: iso(r.deferred_until),
      message: r.message_id ? `/api/messages/${Number(r.message_id)}` : null,
      sentAt: iso(r.sent_at),
      repliedAt: iso(r.replied_at),
      optedOutAt: iso(r.opted_out_at),
    };
  });
}
