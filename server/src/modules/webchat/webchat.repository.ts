import { sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client';

/** Every SQL statement of the website chat. */

type TRaw = Record<string, unknown>;
const rowsOf = async (tx: TTx, query: SQL): Promise<TRaw[]> => (await tx.execute(query)).rows as TRaw[];
const dateOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : dateOf(v));

export interface TWebchatSettingsRow {
  companyId: number;
  enabled: boolean;
  widgetKey: string;
  allowedOrigins: string[];
  greeting: string;
  color: string;
  welcomeEnabled: boolean;
  welcomeMessage: string;
  updatedAt: Date;
}

export interface TWebchatSessionRow {
  companyId: number;
  id: number;
  visitorId: string;
  customerId: number | null;
  origin: string;
  createdAt: Date;
  firstMessageAt: Date | null;
  phoneLeftAt: Date | null;
}

function settingsOf(r: TRaw): TWebchatSettingsRow {
  return {
    companyId: Number(r.company_id),
    enabled: Boolean(r.enabled),
    widgetKey: String(r.widget_key),
    allowedOrigins: (r.allowed_origins as string[] | null) ?? [],
    greeting: String(r.greeting),
    color: String(r.color),
    welcomeEnabled: Boolean(r.welcome_enabled),
    welcomeMessage: String(r.welcome_message ?? ''),
    updatedAt: dateOf(r.updated_at),
  };
}

function sessionOf(r: TRaw): TWebchatSessionRow {
  return {
    companyId: Number(r.company_id),
    id: Number(r.id),
    visitorId: String(r.visitor_id),
    customerId: r.customer_id === null || r.customer_id === undefined ? null : Number(r.customer_id),
    origin: String(r.origin),
    createdAt: dateOf(r.created_at),
    firstMessageAt: dateOrNull(r.first_message_at),
    phoneLeftAt: dateOrNull(r.phone_left_at),
  };
}

const settingsColumns = sql`company_id, enabled, widget_key, allowed_origins, greeting, color, welcome_enabled, welcome_message, updated_at`;
const sessionColumns = sql`company_id, id, visitor_id, customer_id, origin, created_at, first_message_at, phone_left_at`;

export async function findSettings(tx: TTx, opts: { companyId: number }): Promise<TWebchatSettingsRow | undefined> {
  const [row] = await rowsOf(tx, sql`select ${settingsColumns} from webchat_settings where company_id = ${opts.companyId}`);
  return row ? settingsOf(row) : undefined;
}

/** A company's settings row, created (widget off, a fresh key) on first read; concurrent first reads keep one. */
export async function ensureSettings(tx: TTx, opts: { companyId: number; newKey: string }): Promise<TWebchatSettingsRow> {
  await tx.execute(sql`insert into webchat_settings (company_id, widget_key) values (${opts.companyId}, ${opts.newKey}) on conflict (company_id) do nothing`);
  return (await findSettings(tx, opts))!;
}

export async function updateSettings(
  tx: TTx,
  opts: {
    companyId: number;
    values: Partial<Pick<TWebchatSettingsRow, 'enabled' | 'widgetKey' | 'allowedOrigins' | 'greeting' | 'color' | 'welcomeEnabled' | 'welcomeMessage'>>;
  },
): Promise<TWebchatSettingsRow> {
  const v = opts.values;
  const sets: SQL[] = [sql`updated_at = now()`];
  if (v.enabled !== undefined) sets.push(sql`enabled = ${v.enabled}`);
  if (v.widgetKey !== undefined) sets.push(sql`widget_key = ${v.widgetKey}`);
  if (v.allowedOrigins !== undefined) sets.push(sql`allowed_origins = array(select jsonb_array_elements_text(${JSON.stringify(v.allowedOrigins)}::jsonb))`);
  if (v.greeting !== undefined) sets.push(sql`greeting = ${v.greeting}`);
  if (v.color !== undefined) sets.push(sql`color = ${v.color}`);
  if (v.welcomeEnabled !== undefined) sets.push(sql`welcome_enabled = ${v.welcomeEnabled}`);
  if (v.welcomeMessage !== undefined) sets.push(sql`welcome_message = ${v.welcomeMessage}`);
  const [row] = await rowsOf(tx, sql`update webchat_settings set ${sql.join(sets, sql`, `)} where company_id = ${opts.companyId} returning ${settingsColumns}`);
  return settingsOf(row!);
}

/** System scope: the widget key names the company. */
export async function findSettingsByKey(tx: TTx, opts: { widgetKey: string }): Promise<TWebchatSettingsRow | undefined> {
  const [row] = await rowsOf(tx, sql`select ${settingsColumns} from webchat_settings where widget_key = ${opts.widgetKey}`);
  return row ? settingsOf(row) : undefined;
}

/** System scope: is this origin allowed by any enabled widget (CORS preflight, which carries no key or token)? */
export async function isOriginAllowedAnywhere(tx: TTx, opts: { origin: string }): Promise<boolean> {
  const rows = await rowsOf(tx, sql`select 1 from webchat_settings where enabled and ${opts.origin} = any(allowed_origins) limit 1`);
  return rows.length > 0;
}

export async function insertSession(
  tx: TTx,
  values: { companyId: number; tokenHash: string; visitorId: string; origin: string; ip: string | null; userAgent: string | null },
): Promise<TWebchatSessionRow> {
  const [row] = await rowsOf(
    tx,
    sql`insert into webchat_sessions (company_id, token_hash, visitor_id, origin, ip, user_agent)
        values (${values.companyId}, ${values.tokenHash}, ${values.visitorId}, ${values.origin}, ${values.ip}, ${values.userAgent})
        returning ${sessionColumns}`,
  );
  return sessionOf(row!);
}

/** System scope: the session of a token (by its hash). */
export async function findSessionByTokenHash(tx: TTx, opts: { tokenHash: string }): Promise<TWebchatSessionRow | undefined> {
  const [row] = await rowsOf(tx, sql`select ${sessionColumns} from webchat_sessions where token_hash = ${opts.tokenHash}`);
  return row ? sessionOf(row) : undefined;
}

/** The session row locked for a once-only change (the first message time, the phone hand-over). */
export async function lockSession(tx: TTx, opts: { companyId: number; id: number }): Promise<TWebchatSessionRow | undefined> {
  const [row] = await rowsOf(tx, sql`select ${sessionColumns} from webchat_sessions where company_id = ${opts.companyId} and id = ${opts.id} for update`);
  return row ? sessionOf(row) : undefined;
}

export async function touchSession(
  tx: TTx,
  opts: { companyId: number; id: number; firstMessage?: boolean; phoneLeft?: boolean; customerId?: number },
): Promise<void> {
  await tx.execute(sql`update webchat_sessions set last_seen_at = now()
    ${opts.firstMessage ? sql`, first_message_at = coalesce(first_message_at, now())` : sql``}
    ${opts.phoneLeft ? sql`, phone_left_at = now()` : sql``}
    ${opts.customerId !== undefined ? sql`, customer_id = ${opts.customerId}` : sql``}
    where company_id = ${opts.companyId} and id = ${opts.id}`);
}

/** Before a customer is merged away: its sessions follow it to the kept customer (the foreign key would delete them). */
export async function moveSessions(tx: TTx, opts: { companyId: number; fromCustomerId: number; toCustomerId: number }): Promise<void> {
  await tx.execute(
    sql`update webchat_sessions set customer_id = ${opts.toCustomerId} where company_id = ${opts.companyId} and customer_id = ${opts.fromCustomerId}`,
  );
}

export interface TVisitorMessageRow {
  id: number;
  direction: 'INBOUND' | 'OUTBOUND';
  body: string;
  createdAt: Date;
}

/**
 * What one visitor may read: the website-chat messages of its customer written during this session (from its start
 * to the phone hand-over), newest `limit`, returned oldest first. Never the customer's SMS or other visitors' chats:
 * a phone typed into the widget proves nothing about who owns it. Reads the messages table (read only).
 */
export async function listVisitorMessages(
  tx: TTx,
  opts: { companyId: number; customerId: number; since: Date; until: Date | null; limit: number },
): Promise<TVisitorMessageRow[]> {
  const until = opts.until ? sql` and m.created_at <= ${opts.until.toISOString()}::timestamptz` : sql``;
  const rows = await rowsOf(
    tx,
    sql`select m.id, m.direction, m.content, m.created_at from messages m
        where m.company_id = ${opts.companyId} and m.customer_id = ${opts.customerId} and m.channel = 'webchat'
          and m.created_at >= ${opts.since.toISOString()}::timestamptz${until}
          and m.status not in ('blocked', 'scheduled', 'FAILED', 'UNDELIVERED')
        order by m.created_at desc, m.id desc limit ${opts.limit}`,
  );
  return rows
    .map((r) => ({
      id: Number(r.id),
      direction: r.direction === 'OUTBOUND' ? ('OUTBOUND' as const) : ('INBOUND' as const),
      body: String(r.content ?? ''),
      createdAt: dateOf(r.created_at),
    }))
    .reverse();
}

/** Outbound webchat messages of this visitor's session not yet READ, up to `upToId` (the widget showed them). */
export async function listUnreadOutbound(
  tx: TTx,
  opts: { companyId: number; customerId: number; since: Date; upToId: number },
): Promise<{ id: number; providerMessageId: string | null }[]> {
  const rows = await rowsOf(
    tx,
    sql`select id, provider_message_id from messages where company_id = ${opts.companyId} and customer_id = ${opts.customerId}
        and channel = 'webchat' and direction = 'OUTBOUND' and status in ('SENT', 'DELIVERED') and id <= ${opts.upToId}
        and created_at >= ${opts.since.toISOString()}::timestamptz order by id limit 50`,
  );
  return rows.map((r) => ({ id: Number(r.id), providerMessageId: r.provider_message_id === null ? null : String(r.provider_message_id) }));
}
