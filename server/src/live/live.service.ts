import { sql } from 'drizzle-orm';
import { AREA_ROLE_TOPICS, companyAdminsTopic, companyRoleTopic, companyTopic, SUPER_ADMINS_TOPIC, userTopic, type TLiveEvent } from '@cd/contracts/live';
import type { TActor, TAppDeps, TRequestContext } from '../context';
import { runInScope, type TScope } from '../db/client';
import { canImpersonate, isCompanyAdmin, isSuperAdmin } from '@cd/contracts/roles';
import { findSubscriberAccount, type TSubscriberAccount } from './live.repository';
import type { TStreamOwner } from './sse-hub';
import { signMercureToken, type TMercureClaims } from './mercure-jwt';
import { isTemplateSelector, matchAnyTopic } from './topic-match';

export const HUB_URL = '/.well-known/mercure';
/** At most this many events are replayed on reconnect; beyond that the client is told to refetch. */
export const REPLAY_LIMIT = 1000;
const REPLAY_BATCH = 1000;
// Rows looked at when selectors cannot be pushed into SQL; bounds the work one reconnect can cause.
const REPLAY_MAX_SCANNED = 20_000;

/** The topics a user's live token covers (spec part 1 §4: admins see all customers and messages of the company). */
export function listActorTopics(actor: TActor): string[] {
  return listUserTopics({ id: actor.user.id, companyId: actor.user.companyId, roles: actor.user.roles });
}

/** Same rule from a user's row: company and own topic, the admins topic for company admins, and area-role topics. */
export function listUserTopics(opts: { id: number; companyId: number | null; roles: readonly string[] }): string[] {
  // Super admins also hear the system events (scheduled-job runs); read from the account at every connect.
  const system = isSuperAdmin(opts.roles) ? [SUPER_ADMINS_TOPIC] : [];
  if (opts.companyId === null) return [userTopic(opts.id), ...system];
  const topics = [companyTopic(opts.companyId), userTopic(opts.id), ...system];
  if (isCompanyAdmin(opts.roles)) topics.push(companyAdminsTopic(opts.companyId));
  for (const role of AREA_ROLE_TOPICS) if (opts.roles.includes(role)) topics.push(companyRoleTopic(opts.companyId, role));
  return topics;
}

/** `GET /api/get_mercure_jwt`: a subscriber token for the effective user (the impersonated one while impersonating). */
export async function getMercureToken(opts: { ctx: TRequestContext }): Promise<{ token: string; hubUrl: string; topics: string[] }> {
  const { ctx } = opts;
  const topics = listActorTopics(ctx.actor);
  const { user, realUser } = ctx.actor;
  const { token } = await signMercureToken({ secret: ctx.config.mercureJwtSecret, userId: user.id, realUserId: realUser.id, topics });
  // With an external hub configured, browsers subscribe there (it verifies this token with the same key).
  return { token, hubUrl: ctx.config.mercure?.hubUrl ?? HUB_URL, topics };
}

function parseUserId(sub: string | undefined): number | null {
  if (!sub || !/^\d{1,15}$/.test(sub)) return null;
  return Number(sub);
}

const isActive = (a: TSubscriberAccount | undefined): a is TSubscriberAccount => !!a && a.enabled && a.companyEnabled !== false;

/**
 * The topics a stream may receive: those the user's CURRENT account grants (read now, not from the token, so a
 * demoted admin's old token no longer carries the admins topic) that the token's `mercure.subscribe` also covers.
 * An impersonated token also needs its real user to be active and still allowed to impersonate. null when the
 * account is gone or disabled, its company is disabled, or nothing is left. `owner` lists whose changes end it.
 */
export async function resolveSubscriberTopics(opts: {
  deps: TAppDeps;
  claims: TMercureClaims;
}): Promise<{ owner: TStreamOwner; allowed: string[] } | null> {
  const { claims } = opts;
  const id = parseUserId(claims.sub);
  const realId = claims.actorSub === undefined ? id : parseUserId(claims.actorSub);
  if (id === null || realId === null) return null;
  const [account, real] = await runInScope(opts.deps.db, { companyId: null, system: true }, async (tx) => [
    await findSubscriberAccount(tx, { id }),
    realId === id ? undefined : await findSubscriberAccount(tx, { id: realId }),
  ]);
  if (!isActive(account)) return null;
  if (realId !== id && (!isActive(real) || !canImpersonate(real, account))) return null;
  const allowed = listUserTopics(account).filter((topic) => matchAnyTopic({ selectors: claims.subscribe, topics: [topic] }));
  if (!allowed.length) return null;
  const parties = real ? [account, real] : [account];
  return {
    owner: {
      userIds: parties.map((p) => p.id),
      companyIds: parties.map((p) => p.companyId).filter((c): c is number => c !== null),
    },
    allowed,
  };
}

/**
 * Replay runs in the tenant's scope when the token names exactly one company (every token we issue to a company
 * user does); a token of a user without company falls back to system scope, its selectors still filter every row.
 */
function scopeForSelectors(allowed: string[]): TScope {
  // System events have no company: only the system scope reads them (a super admin's token is the only one listing it).
  if (allowed.includes(SUPER_ADMINS_TOPIC)) return { companyId: null, system: true };
  const ids = new Set<number>();
  for (const s of allowed) {
    const m = /^\/api\/companies\/(\d+)(?:\/|$)/.exec(s);
    if (m) ids.add(Number(m[1]));
  }
  return ids.size === 1 ? { companyId: [...ids][0]! } : { companyId: null, system: true };
}

export type TReplayRequest = { kind: 'earliest' } | { kind: 'after'; id: string } | { kind: 'unknown'; id: string };

/** `earliest`, a numeric event id, or anything else (an id we never issued). */
export function parseLastEventId(value: string): TReplayRequest {
  const v = value.trim();
  if (v === 'earliest') return { kind: 'earliest' };
  if (/^\d{1,18}$/.test(v)) return { kind: 'after', id: BigInt(v).toString() };
  return { kind: 'unknown', id: v };
}

interface TReplayRow {
  id: string;
  topics: string[];
  payload: Omit<TLiveEvent, 'id'>;
}

/**
 * History for a reconnecting subscriber, oldest first, and the value of the `Last-Event-ID` response header:
 * the id preceding the first event sent (the requested one, or `earliest`) when nothing was lost; a different id
 * when more than REPLAY_LIMIT events were missed (only the newest are sent, so live delivery continues without a
 * gap and the client knows to refetch).
 */
export async function readReplayEvents(opts: {
  deps: TAppDeps;
  request: TReplayRequest;
  selectors: string[];
  allowed: string[];
}): Promise<{ events: TLiveEvent[]; lastEventIdHeader: string }> {
  const { deps, request, selectors, allowed } = opts;
  const scope = scopeForSelectors(allowed);

  if (request.kind === 'unknown') {
    // Not an id of ours: nothing to replay after it; answering the newest id tells the client it missed events.
    const rows = await runInScope(deps.db, scope, (tx) => tx.execute(sql`select max(id)::text as id from live_events`));
    return { events: [], lastEventIdHeader: (rows.rows[0] as { id: string | null } | undefined)?.id ?? 'earliest' };
  }

  const afterId = request.kind === 'earliest' ? '0' : request.id;
  // Our own tokens list exact topics: then the database filters by array overlap while walking (company_id, id).
  const exactAllowed = allowed.every((s) => !isTemplateSelector(s));
  const allowedJson = JSON.stringify(allowed);
  const found: TLiveEvent[] = [];
  let before: string | null = null;
  let scanned = 0;
  let exhausted = false;
  let oldestScanned: string | null = null;

  // Newest first, so a bounded replay keeps the events adjacent to the live stream.
  while (found.length <= REPLAY_LIMIT && scanned < REPLAY_MAX_SCANNED) {
    const rows: TReplayRow[] = await runInScope(deps.db, scope, async (tx) => {
      const res = await tx.execute(sql`
        select id::text as id, topics, payload from live_events
        where id > ${afterId}::bigint
          ${before === null ? sql`` : sql`and id < ${before}::bigint`}
          ${exactAllowed ? sql`and topics && array(select jsonb_array_elements_text(${allowedJson}::jsonb))` : sql``}
        order by live_events.id desc
        limit ${REPLAY_BATCH}`);
      return res.rows as unknown as TReplayRow[];
    });
    scanned += rows.length;
    for (const row of rows) {
      oldestScanned = row.id;
      if (!matchAnyTopic({ selectors, topics: row.topics }) || !matchAnyTopic({ selectors: allowed, topics: row.topics })) continue;
      found.push({ ...row.payload, id: row.id });
      if (found.length > REPLAY_LIMIT) break;
    }
    if (rows.length < REPLAY_BATCH) {
      exhausted = true;
      break;
    }
    before = rows[rows.length - 1]!.id;
  }

  const requested = request.kind === 'earliest' ? 'earliest' : request.id;
  if (found.length > REPLAY_LIMIT) {
    // The newest event left out precedes the first one sent.
    const dropped = found.splice(REPLAY_LIMIT);
    return { events: found.reverse(), lastEventIdHeader: dropped[0]!.id };
  }
  if (!exhausted && oldestScanned !== null) {
    // Gave up scanning before reaching the requested id: older matching events may exist.
    return { events: found.reverse(), lastEventIdHeader: oldestScanned };
  }
  return { events: found.reverse(), lastEventIdHeader: requested };
}
