import { sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { DELIVER_JOB_KIND } from './outgoing-webhooks.schema';
import type { TDeliveryRow, TEndpointRow } from './outgoing-webhooks.schema';

/** Every SQL statement of outgoing webhooks (migration 0045). */

type TRaw = Record<string, unknown>;
const rowsOf = async (tx: TTx, query: SQL): Promise<TRaw[]> => (await tx.execute(query)).rows as TRaw[];
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const dateOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : dateOf(v));
const textOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));
const jsonOf = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);

const endpointColumns = sql`company_id, id, url, description, events, enabled, secret, previous_secret, previous_secret_expires_at, disabled_reason, disabled_at, failing_since, failed_events, created_at, updated_at`;

function endpointOf(r: TRaw): TEndpointRow {
  return {
    companyId: num(r.company_id),
    id: num(r.id),
    url: String(r.url),
    description: String(r.description),
    events: (r.events as string[]) ?? [],
    enabled: Boolean(r.enabled),
    secret: String(r.secret),
    previousSecret: textOrNull(r.previous_secret),
    previousSecretExpiresAt: dateOrNull(r.previous_secret_expires_at),
    disabledReason: textOrNull(r.disabled_reason) as TEndpointRow['disabledReason'],
    disabledAt: dateOrNull(r.disabled_at),
    failingSince: dateOrNull(r.failing_since),
    failedEvents: num(r.failed_events),
    createdAt: dateOf(r.created_at),
    updatedAt: dateOf(r.updated_at),
  };
}

const deliveryColumns = sql`d.company_id, d.id, d.endpoint_id, d.event_id, d.entity_key, d.status, d.attempts, d.next_attempt_at, d.last_attempt_at,
  d.response_status, d.duration_ms, d.error, d.response_body, d.replay_of, d.created_at,
  e.public_id::text as event_public_id, e.type, e.data, e.created_at as event_created_at`;
const deliveryFrom = sql`from webhook_deliveries d join webhook_events e on e.company_id = d.company_id and e.id = d.event_id`;

function deliveryOf(r: TRaw): TDeliveryRow {
  return {
    companyId: num(r.company_id),
    id: num(r.id),
    endpointId: num(r.endpoint_id),
    eventId: num(r.event_id),
    entityKey: String(r.entity_key),
    status: String(r.status) as TDeliveryRow['status'],
    attempts: num(r.attempts),
    nextAttemptAt: dateOrNull(r.next_attempt_at),
    lastAttemptAt: dateOrNull(r.last_attempt_at),
    responseStatus: numOrNull(r.response_status),
    durationMs: numOrNull(r.duration_ms),
    error: textOrNull(r.error),
    responseBody: textOrNull(r.response_body),
    replayOf: numOrNull(r.replay_of),
    createdAt: dateOf(r.created_at),
    eventPublicId: String(r.event_public_id),
    type: String(r.type),
    data: jsonOf(r.data),
    eventCreatedAt: dateOf(r.event_created_at),
  };
}

export async function listEndpoints(tx: TTx, opts: { companyId: number; limit: number }): Promise<TEndpointRow[]> {
  const rows = await rowsOf(tx, sql`select ${endpointColumns} from webhook_endpoints where company_id = ${opts.companyId} order by id limit ${opts.limit}`);
  return rows.map(endpointOf);
}

export async function countEndpoints(tx: TTx, opts: { companyId: number }): Promise<number> {
  const rows = await rowsOf(tx, sql`select count(*)::int as n from webhook_endpoints where company_id = ${opts.companyId}`);
  return num(rows[0]?.n ?? 0);
}

export async function findEndpoint(tx: TTx, opts: { companyId: number; id: number; lock?: boolean }): Promise<TEndpointRow | null> {
  const rows = await rowsOf(
    tx,
    sql`select ${endpointColumns} from webhook_endpoints where company_id = ${opts.companyId} and id = ${opts.id}${opts.lock ? sql` for update` : sql``}`,
  );
  return rows[0] ? endpointOf(rows[0]) : null;
}

/** Serializes creations of one company (the per-company cap holds under parallel requests). */
export async function lockCompanyEndpoints(tx: TTx, opts: { companyId: number }): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('webhook_endpoints'), ${opts.companyId}::int)`);
}

export async function insertEndpoint(
  tx: TTx,
  opts: { companyId: number; url: string; description: string; events: string[]; enabled: boolean; secret: string },
): Promise<number> {
  const rows = await rowsOf(
    tx,
    sql`insert into webhook_endpoints (company_id, url, description, events, enabled, secret, disabled_reason, disabled_at)
        values (${opts.companyId}, ${opts.url}, ${opts.description}, ${sql.param(opts.events)}::text[], ${opts.enabled}, ${opts.secret},
          ${opts.enabled ? null : 'manual'}, ${opts.enabled ? null : sql`now()`})
        returning id`,
  );
  return num(rows[0]!.id);
}

/** Enabling clears the failure state; disabling by hand records 'manual'. */
export async function updateEndpoint(
  tx: TTx,
  opts: { companyId: number; id: number; url?: string; description?: string; events?: string[]; enabled?: boolean; secret?: string },
): Promise<void> {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (opts.url !== undefined) sets.push(sql`url = ${opts.url}`);
  if (opts.description !== undefined) sets.push(sql`description = ${opts.description}`);
  if (opts.events !== undefined) sets.push(sql`events = ${sql.param(opts.events)}::text[]`);
  if (opts.secret !== undefined) sets.push(sql`secret = ${opts.secret}`);
  if (opts.enabled === true) sets.push(sql`enabled = true, disabled_reason = null, disabled_at = null, failing_since = null, failed_events = 0`);
  if (opts.enabled === false)
    sets.push(sql`enabled = false, disabled_reason = case when enabled then 'manual' else disabled_reason end,
    disabled_at = case when enabled then now() else disabled_at end`);
  await tx.execute(sql`update webhook_endpoints set ${sql.join(sets, sql`, `)} where company_id = ${opts.companyId} and id = ${opts.id}`);
}

/**
 * Replaces the secret and keeps the replaced one signing for `graceSeconds` (migration 0050). Rolling again within a
 * grace period drops the oldest: only the secret just replaced stays valid.
 */
export async function rollEndpointSecret(tx: TTx, opts: { companyId: number; id: number; secret: string; graceSeconds: number }): Promise<void> {
  await tx.execute(sql`update webhook_endpoints set previous_secret = secret,
      previous_secret_expires_at = now() + make_interval(secs => ${opts.graceSeconds}),
      secret = ${opts.secret}, updated_at = now()
    where company_id = ${opts.companyId} and id = ${opts.id}`);
}

export async function deleteEndpoint(tx: TTx, opts: { companyId: number; id: number }): Promise<boolean> {
  const rows = await rowsOf(tx, sql`delete from webhook_endpoints where company_id = ${opts.companyId} and id = ${opts.id} returning id`);
  return rows.length > 0;
}

/** Newest first; `idLt` continues after the last row of the previous page. */
export async function listDeliveries(
  tx: TTx,
  opts: { companyId: number; endpointId: number; status?: string; idLt?: number; limit: number },
): Promise<TDeliveryRow[]> {
  const status = opts.status ? sql` and d.status = ${opts.status}` : sql``;
  const keyset = opts.idLt ? sql` and d.id < ${opts.idLt}` : sql``;
  const rows = await rowsOf(
    tx,
    sql`select ${deliveryColumns} ${deliveryFrom}
        where d.company_id = ${opts.companyId} and d.endpoint_id = ${opts.endpointId}${status}${keyset}
        order by d.id desc limit ${opts.limit}`,
  );
  return rows.map(deliveryOf);
}

export async function findDelivery(tx: TTx, opts: { companyId: number; id: number; endpointId?: number }): Promise<TDeliveryRow | null> {
  const endpoint = opts.endpointId === undefined ? sql`` : sql` and d.endpoint_id = ${opts.endpointId}`;
  const rows = await rowsOf(tx, sql`select ${deliveryColumns} ${deliveryFrom} where d.company_id = ${opts.companyId} and d.id = ${opts.id}${endpoint}`);
  return rows[0] ? deliveryOf(rows[0]) : null;
}

export async function insertEvent(tx: TTx, opts: { companyId: number; type: string; entityKey: string; data: unknown }): Promise<number> {
  const rows = await rowsOf(
    tx,
    sql`insert into webhook_events (company_id, type, entity_key, data) values (${opts.companyId}, ${opts.type}, ${opts.entityKey}, ${JSON.stringify(opts.data)}::jsonb)
        returning id`,
  );
  return num(rows[0]!.id);
}

/** A new delivery and its outbox job; a second pending replay of the same delivery inserts nothing (null). */
export async function insertDelivery(
  tx: TTx,
  opts: { companyId: number; endpointId: number; eventId: number; entityKey: string; replayOf?: number },
): Promise<number | null> {
  const rows = await rowsOf(
    tx,
    sql`with d as (
          insert into webhook_deliveries (company_id, endpoint_id, event_id, entity_key, replay_of)
          values (${opts.companyId}, ${opts.endpointId}, ${opts.eventId}, ${opts.entityKey}, ${opts.replayOf ?? null})
          on conflict (company_id, replay_of) where replay_of is not null and status = 'pending' do nothing
          returning company_id, id
        ), j as (
          insert into outbox_jobs (company_id, kind, payload) select company_id, ${DELIVER_JOB_KIND}, jsonb_build_object('deliveryId', id) from d
        )
        select id from d`,
  );
  return rows[0] ? num(rows[0].id) : null;
}

export async function findPendingReplay(tx: TTx, opts: { companyId: number; replayOf: number }): Promise<TDeliveryRow | null> {
  const rows = await rowsOf(
    tx,
    sql`select ${deliveryColumns} ${deliveryFrom} where d.company_id = ${opts.companyId} and d.replay_of = ${opts.replayOf} and d.status = 'pending'`,
  );
  return rows[0] ? deliveryOf(rows[0]) : null;
}

/** The earliest still-pending delivery of the same entity to the same endpoint, queued before this one. */
export async function findEarlierPending(
  tx: TTx,
  opts: { companyId: number; endpointId: number; entityKey: string; id: number },
): Promise<{ id: number; nextAttemptAt: Date | null } | null> {
  const rows = await rowsOf(
    tx,
    sql`select id, next_attempt_at from webhook_deliveries
        where company_id = ${opts.companyId} and endpoint_id = ${opts.endpointId} and entity_key = ${opts.entityKey} and status = 'pending' and id < ${opts.id}
        order by id limit 1`,
  );
  return rows[0] ? { id: num(rows[0].id), nextAttemptAt: dateOrNull(rows[0].next_attempt_at) } : null;
}

/** The next waiting delivery of the entity runs now (its job was parked behind the one that just settled). */
export async function wakeNextOfEntity(tx: TTx, opts: { companyId: number; endpointId: number; entityKey: string; afterId: number }): Promise<void> {
  await tx.execute(sql`
    update outbox_jobs set run_at = now()
    where company_id = ${opts.companyId} and kind = ${DELIVER_JOB_KIND} and done_at is null and run_at > now()
      and payload = jsonb_build_object('deliveryId', (
        select id from webhook_deliveries
        where company_id = ${opts.companyId} and endpoint_id = ${opts.endpointId} and entity_key = ${opts.entityKey} and status = 'pending' and id > ${opts.afterId}
        order by id limit 1))`);
}

/** Records one attempt; only a delivery still pending changes (a cancelled one stays cancelled). */
export async function recordAttempt(
  tx: TTx,
  opts: {
    companyId: number;
    id: number;
    status: 'pending' | 'succeeded' | 'failed';
    attemptedAt: Date;
    nextAttemptAt: Date | null;
    responseStatus: number | null;
    durationMs: number;
    error: string | null;
    responseBody: string | null;
  },
): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`update webhook_deliveries set status = ${opts.status}, attempts = attempts + 1, last_attempt_at = ${opts.attemptedAt.toISOString()}::timestamptz,
          next_attempt_at = ${opts.nextAttemptAt ? opts.nextAttemptAt.toISOString() : null}::timestamptz, response_status = ${opts.responseStatus},
          duration_ms = ${opts.durationMs}, error = ${opts.error}, response_body = ${opts.responseBody}, updated_at = now()
        where company_id = ${opts.companyId} and id = ${opts.id} and status = 'pending' returning id`,
  );
  return rows.length > 0;
}

export async function setDeliveryStatus(tx: TTx, opts: { companyId: number; id: number; status: 'cancelled' }): Promise<void> {
  await tx.execute(
    sql`update webhook_deliveries set status = ${opts.status}, next_attempt_at = null, updated_at = now() where company_id = ${opts.companyId} and id = ${opts.id} and status = 'pending'`,
  );
}

export async function cancelPendingDeliveries(tx: TTx, opts: { companyId: number; endpointId: number }): Promise<void> {
  await tx.execute(sql`update webhook_deliveries set status = 'cancelled', next_attempt_at = null, updated_at = now()
    where company_id = ${opts.companyId} and endpoint_id = ${opts.endpointId} and status = 'pending'`);
}

export async function markEndpointHealthy(tx: TTx, opts: { companyId: number; id: number }): Promise<void> {
  await tx.execute(sql`update webhook_endpoints set failing_since = null, failed_events = 0
    where company_id = ${opts.companyId} and id = ${opts.id} and (failing_since is not null or failed_events <> 0)`);
}

/** A failed attempt: the endpoint is failing from now (if it was not already); a given-up event counts one more. */
export async function markEndpointFailing(
  tx: TTx,
  opts: { companyId: number; id: number; at: Date; gaveUp: boolean },
): Promise<{ failingSince: Date; failedEvents: number; enabled: boolean } | null> {
  const rows = await rowsOf(
    tx,
    sql`update webhook_endpoints set failing_since = coalesce(failing_since, ${opts.at.toISOString()}::timestamptz),
          failed_events = failed_events + ${opts.gaveUp ? 1 : 0}
        where company_id = ${opts.companyId} and id = ${opts.id} returning failing_since, failed_events, enabled`,
  );
  return rows[0] ? { failingSince: dateOf(rows[0].failing_since), failedEvents: num(rows[0].failed_events), enabled: Boolean(rows[0].enabled) } : null;
}

/** Switches a failing endpoint off once (true only for the call that did it). */
export async function autoDisableEndpoint(tx: TTx, opts: { companyId: number; id: number }): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`update webhook_endpoints set enabled = false, disabled_reason = 'failing', disabled_at = now(), updated_at = now()
        where company_id = ${opts.companyId} and id = ${opts.id} and enabled returning id`,
  );
  return rows.length > 0;
}

/** Who hears that an endpoint was switched off: the company's enabled admins. */
export async function companyAdminEmails(tx: TTx, opts: { companyId: number }): Promise<string[]> {
  const rows = await rowsOf(
    tx,
    sql`select email from users where company_id = ${opts.companyId} and enabled and 'ROLE_COMPANY_ADMIN' = any (roles) order by id limit 50`,
  );
  return rows.map((r) => String(r.email));
}
