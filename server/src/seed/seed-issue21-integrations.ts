import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ZApiKeyCreateSchema, type TApiKeyScope } from '@cd/contracts/api-keys';
import { WEBHOOK_LIMITS } from '@cd/contracts/outgoing-webhooks';
import { ZWebchatSettingsPatchSchema } from '@cd/contracts/webchat';
import type { TTx } from '../db/client';
import { completeJobs } from '../jobs/outbox';
import { encryptSecret, randomToken, sha256 } from '../lib/crypto';
import { insertApiKey } from '../modules/api-keys/api-keys.repository';
import { insertAuditEntry } from '../modules/audit/audit.api';
import { findMessage } from '../modules/messages/messages.api';
import { toMessageResource } from '../modules/messages/messages.presenter';
import * as webhooks from '../modules/outgoing-webhooks/outgoing-webhooks.repository';
import { DELIVER_JOB_KIND } from '../modules/outgoing-webhooks/outgoing-webhooks.schema';
import { newWebhookSecret } from '../modules/outgoing-webhooks/webhook-signature';
import * as webchat from '../modules/webchat/webchat.repository';
import { users } from '../modules/users/users.schema';
import { insertSeedConversation } from './seed-issue21-routing';

/**
 * The public-facing parts of issue 21 in the demo: Demo Motors' website chat (on, a fixed public widget key, the
 * local test page allowed, one past visitor chat in the inbox), an outgoing-webhook endpoint with a delivery history,
 * a read-only API key in use, and the suggested-reply figures of the last weeks (docs/webchat.md,
 * docs/outgoing-webhooks.md, docs/public-api.md, docs/suggested-replies.md).
 */

/** Public by design (it goes into the website's script tag), fixed so README can name the test page's URL. */
export const DEMO_WIDGET_KEY = 'wk_demo-motors-website';
export const DEMO_WEBHOOK_URL = 'https://hooks.example.com/courier';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function staffOf(tx: TTx, companyId: number) {
  const all = await tx.select({ id: users.id, email: users.email, companyId: users.companyId }).from(users);
  const mine = all.filter((u) => u.companyId === companyId);
  return { admin: mine.find((u) => u.email === 'admin@motors.example.com')!, advisor: mine.find((u) => u.email === 'agent@motors.example.com')!, mine };
}

async function seedWebchat(tx: TTx, opts: { companyId: number; publicUrl: string; advisorId: number; readBy: number[] }): Promise<void> {
  const { companyId } = opts;
  const origins = [...new Set(['http://localhost:3000', new URL(opts.publicUrl).origin])];
  const patch = ZWebchatSettingsPatchSchema.parse({
    enabled: true,
    allowedOrigins: origins,
    greeting: 'Hi! Questions about service, parts or a test drive? We usually answer within minutes.',
  });
  await webchat.ensureSettings(tx, { companyId, newKey: DEMO_WIDGET_KEY });
  await webchat.updateSettings(tx, { companyId, values: { enabled: patch.enabled, allowedOrigins: patch.allowedOrigins, greeting: patch.greeting } });

  // Yesterday's visitor: a session (its token is never handed out, only its hash stored) and the chat it left.
  const start = Date.now() - 26 * HOUR;
  const visitorId = randomToken(18);
  const session = await webchat.insertSession(tx, {
    companyId,
    tokenHash: sha256(randomToken(32)),
    visitorId,
    origin: 'http://localhost:3000',
    ip: null,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });
  const at = (minutes: number) => new Date(start + minutes * MINUTE);
  const { customerId } = await insertSeedConversation(tx, {
    companyId,
    ownerId: opts.advisorId,
    customer: { firstName: 'Web', lastName: `visitor ${visitorId.slice(0, 4)}`, phone: null, webchatVisitorId: visitorId, preferredChannel: 'webchat' },
    channel: 'webchat',
    lines: [
      ['in', 'Hi, do you take trade-ins? I have a 2016 Civic with 80k miles.', at(1)],
      ['out', 'Hello! Yes, we do. Bring it by any weekday and we will appraise it in about 20 minutes, no obligation.', at(3)],
      ['in', 'Great. Do I need an appointment?', at(4)],
      ['out', 'No appointment needed. Ask for Alex at the service desk.', at(5)],
      ['in', 'Perfect, thanks!', at(6)],
    ],
    readBy: opts.readBy,
  });
  await tx.execute(sql`update webchat_sessions set customer_id = ${customerId}, created_at = ${at(0).toISOString()}::timestamptz,
      first_message_at = ${at(1).toISOString()}::timestamptz, last_seen_at = ${at(7).toISOString()}::timestamptz
    where company_id = ${companyId} and id = ${session.id}`);
}

interface TAttempt {
  status: number | null;
  error: string | null;
  durationMs: number;
  body: string | null;
}

const OK: TAttempt = { status: 200, error: null, durationMs: 0, body: '{"received":true}' };
const BAD_GATEWAY: TAttempt = {
  status: 502,
  error: 'The endpoint answered HTTP 502.',
  durationMs: 0,
  body: '<html><body><h1>502 Bad Gateway</h1></body></html>',
};
const REFUSED: TAttempt = { status: null, error: 'connect ECONNREFUSED 203.0.113.40:443', durationMs: 0, body: null };

/**
 * An endpoint for the courier CRM that worked for days, then its receiver went down: one delivery got through on its
 * third attempt, five were given up after eight attempts each, and the endpoint switched itself off (reason
 * "failing"), as `deliverWebhook` does. It is seeded DISABLED on purpose: the demo host's URL is not a real receiver,
 * and an enabled endpoint would send every new event of the demo to the internet and retry it for 18 hours. Every
 * delivery is a settled past record whose outbox job is completed; nothing runs at start. Enabling it in the screen
 * is the admin's choice (new events are then delivered, and fail, as they would).
 */
async function seedOutgoingWebhooks(tx: TTx, opts: { companyId: number; encryptionKey: Buffer; publicUrl: string }): Promise<void> {
  const { companyId } = opts;
  const endpointId = await webhooks.insertEndpoint(tx, {
    companyId,
    url: DEMO_WEBHOOK_URL,
    description: 'Courier CRM: messages and new customers',
    events: ['message.received', 'message.sent', 'customer.created', 'repair_order.changed'],
    enabled: false,
    secret: encryptSecret(opts.encryptionKey, newWebhookSecret()),
  });
  const now = Date.now();
  // The last 10 texts old enough that 18.5 hours of retries lie in the past; events carry them as the API shows them.
  const res =
    await tx.execute(sql`select id from messages where company_id = ${companyId} and created_at < ${new Date(now - 20 * HOUR).toISOString()}::timestamptz
    order by created_at desc, id desc limit 10`);
  const ids = (res.rows as { id: unknown }[]).map((r) => Number(r.id)).reverse();
  const config = { encryptionKey: opts.encryptionKey, publicUrl: opts.publicUrl, signedUrlTtl: 3600 };
  const deliveryIds: number[] = [];
  let failedFrom: Date | null = null;
  let lastAttempt = new Date(now);
  for (const [i, id] of ids.entries()) {
    const m = (await findMessage(tx, { companyId, id }))!;
    const type = m.direction === 'INBOUND' ? 'message.received' : 'message.sent';
    const entityKey = `message:${m.id}`;
    const eventId = await webhooks.insertEvent(tx, {
      companyId,
      type,
      entityKey,
      data: { entity: 'message', change: 'created', changed_fields: null, object: toMessageResource(m, { config, attachments: [] }) },
    });
    const deliveryId = (await webhooks.insertDelivery(tx, { companyId, endpointId, eventId, entityKey }))!;
    deliveryIds.push(deliveryId);
    const created = m.createdAt;
    await tx.execute(sql`update webhook_events set created_at = ${created.toISOString()}::timestamptz where company_id = ${companyId} and id = ${eventId}`);
    await tx.execute(
      sql`update webhook_deliveries set created_at = ${created.toISOString()}::timestamptz where company_id = ${companyId} and id = ${deliveryId}`,
    );
    // Four plain successes, one through on the third try, then the receiver is down for good.
    const attempts: TAttempt[] =
      i < ids.length - 6
        ? [OK]
        : i === ids.length - 6
          ? [{ ...BAD_GATEWAY }, { ...REFUSED }, OK]
          : Array.from({ length: WEBHOOK_LIMITS.maxAttempts }, (_, n) => (n % 3 === 2 ? BAD_GATEWAY : REFUSED));
    let t = created.getTime() + 800;
    for (const [n, a] of attempts.entries()) {
      const last = n === attempts.length - 1;
      const ok = a.status === 200;
      // The documented back-off (1 min, 5 min, 30 min, 1 h, 2 h, 5 h, 10 h), here without jitter.
      const next = last ? null : new Date(t + [60, 300, 1800, 3600, 7200, 18_000, 36_000][n]! * 1000);
      await webhooks.recordAttempt(tx, {
        companyId,
        id: deliveryId,
        status: ok ? 'succeeded' : last ? 'failed' : 'pending',
        attemptedAt: new Date(t),
        nextAttemptAt: next,
        responseStatus: a.status,
        durationMs: a.status === null ? 21 + n : 140 + ((deliveryId * 37 + n * 53) % 260),
        error: a.error,
        responseBody: a.body,
      });
      if (!ok) failedFrom ??= new Date(t);
      if (ok) failedFrom = null;
      lastAttempt = new Date(t);
      if (next) t = next.getTime();
    }
  }
  // The outbox jobs insertDelivery planned are settled: these deliveries are history, not work.
  const jobs = await tx.execute(sql`select id from outbox_jobs where company_id = ${companyId} and kind = ${DELIVER_JOB_KIND} and done_at is null
    and (payload->>'deliveryId')::bigint = any(${sql.param(deliveryIds)}::bigint[])`);
  await completeJobs(
    tx,
    (jobs.rows as { id: unknown }[]).map((r) => Number(r.id)),
  );
  // Switched off by the last give-up (five events in a row), as the delivery job does it.
  await tx.execute(sql`update webhook_endpoints set disabled_reason = 'failing', disabled_at = ${lastAttempt.toISOString()}::timestamptz,
      failing_since = ${failedFrom?.toISOString() ?? null}::timestamptz, failed_events = 5,
      created_at = ${new Date(now - 12 * 24 * HOUR).toISOString()}::timestamptz, updated_at = ${lastAttempt.toISOString()}::timestamptz
    where company_id = ${companyId} and id = ${endpointId}`);
}

/** "Reporting dashboard": read-only, created by the admin, used minutes ago. Its secret is made, hashed and dropped. */
async function seedApiKey(tx: TTx, opts: { companyId: number; adminId: number }): Promise<void> {
  const body = ZApiKeyCreateSchema.parse({
    name: 'Reporting dashboard',
    scopes: [
      { area: 'dashboard', access: 'read' },
      { area: 'messenger', access: 'read' },
      { area: 'reports', access: 'read' },
    ],
  });
  const prefix = randomBytes(6).toString('hex');
  const key = await insertApiKey(tx, {
    companyId: opts.companyId,
    name: body.name ?? null,
    prefix,
    secretHash: sha256(`cdk_live_${prefix}_${randomToken(32)}`),
    scopes: body.scopes as TApiKeyScope[],
    createdByUserId: opts.adminId,
    expiresAt: null,
  });
  const created = new Date(Date.now() - 12 * 24 * HOUR);
  await tx.execute(sql`update api_keys set created_at = ${created.toISOString()}::timestamptz, last_used_at = ${new Date(Date.now() - 7 * MINUTE).toISOString()}::timestamptz
    where company_id = ${opts.companyId} and id = ${key.id}`);
  await insertAuditEntry(tx, {
    companyId: opts.companyId,
    realUserId: opts.adminId,
    effectiveUserId: opts.adminId,
    action: 'api_key.create',
    entityType: 'api_key',
    entityId: key.id,
    detail: { name: key.name, prefix: `cdk_live_${prefix}`, scopes: key.scopes, expiresAt: null },
  });
  await tx.execute(sql`update audit_log set created_at = ${created.toISOString()}::timestamptz
    where company_id = ${opts.companyId} and action = 'api_key.create' and entity_id = ${key.id}`);
}

/**
 * The composer's suggestion figures over the demo history's last four weeks: the agent who answered an inbound text
 * was shown chips for it; about half the time a past reply was inserted, and most of those were sent.
 */
async function seedSuggestionFigures(tx: TTx, opts: { companyId: number }): Promise<void> {
  const { companyId } = opts;
  const res = await tx.execute(sql`
    select q.id as question_id, q.created_at as asked_at, r.id as reply_id, r.user_id, r.created_at as replied_at
    from messages q
    join lateral (
      select a.id, a.user_id, a.created_at from messages a
      where a.company_id = q.company_id and a.customer_id = q.customer_id and a.sender = 'agent' and a.direction = 'OUTBOUND'
        and a.user_id is not null and a.created_at > q.created_at and a.created_at < q.created_at + interval '48 hours'
      order by a.created_at, a.id limit 1) r on true
    where q.company_id = ${companyId} and q.direction = 'INBOUND' and q.created_at > now() - interval '28 days'
    order by q.created_at, q.id`);
  const rows = res.rows as { question_id: unknown; asked_at: unknown; reply_id: unknown; user_id: unknown; replied_at: unknown }[];
  const dateOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
  const events: { user_id: number; message_id: number; action: string; kind: string | null; source_id: number | null; created_at: string }[] = [];
  for (const [i, r] of rows.entries()) {
    const base = { user_id: Number(r.user_id), message_id: Number(r.question_id) };
    const replied = dateOf(r.replied_at);
    const shownAt = new Date(Math.min(dateOf(r.asked_at).getTime() + 30_000, replied.getTime() - 2_000));
    events.push({ ...base, action: 'shown', kind: null, source_id: null, created_at: shownAt.toISOString() });
    // Deterministic: 5 of every 11 questions had a chip inserted, 4 of those 5 sent.
    const past = { kind: 'past_reply', source_id: Number(r.reply_id) };
    if (i % 11 < 5) events.push({ ...base, ...past, action: 'inserted', created_at: new Date(replied.getTime() - 1_000).toISOString() });
    if (i % 11 < 4) events.push({ ...base, ...past, action: 'sent', created_at: replied.toISOString() });
  }
  if (!events.length) return;
  // One statement for a few hundred rows, with the table's own once-per-action rule (the composer's posts obey it too).
  await tx.execute(sql`insert into suggested_reply_events (company_id, user_id, message_id, action, kind, source_id, created_at)
    select ${companyId}, e.user_id, e.message_id, e.action, e.kind, e.source_id, e.created_at
    from jsonb_to_recordset(${JSON.stringify(events)}::jsonb)
      as e(user_id bigint, message_id bigint, action text, kind text, source_id bigint, created_at timestamptz)
    on conflict (company_id, user_id, message_id, action) do nothing`);
}

export async function seedDemoIntegrations(tx: TTx, opts: { motorsId: number; publicUrl: string; encryptionKey?: Buffer }): Promise<void> {
  const companyId = opts.motorsId;
  const { admin, advisor, mine } = await staffOf(tx, companyId);
  await seedWebchat(tx, { companyId, publicUrl: opts.publicUrl, advisorId: advisor.id, readBy: mine.map((u) => u.id) });
  // Without the deployment's key the signing secret could not be revealed or used, so no endpoint then (tests, bench).
  if (opts.encryptionKey) await seedOutgoingWebhooks(tx, { companyId, encryptionKey: opts.encryptionKey, publicUrl: opts.publicUrl });
  await seedApiKey(tx, { companyId, adminId: admin.id });
  await seedSuggestionFigures(tx, { companyId });
}
