import {
  countLinks,
  WEBCHAT_LIMITS,
  WEBCHAT_MESSAGES,
  type TWebchatMessageList,
  type TWebchatSession,
  type TWebchatSettings,
  type TWebchatSettingsPatch,
} from '@cd/contracts/webchat';
import { randomUUID } from 'node:crypto';
import { webchatProviderId } from '../../channels/webchat/webchat-channel';
import type { TAppDeps, TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { requireArea } from '../../lib/require-area';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { resolveReadableCompanyId } from '../../tenant-scope';
import { findCompany, type TCompanyRow } from '../companies/companies.api';
import {
  absorbCustomerInTx,
  customerEvent,
  findCustomer,
  findCustomerByIdentity,
  insertConsentEvent,
  insertCustomer,
  updateCustomer,
} from '../customers/customers.api';
import { applyProviderStatus, messageEvent, queueSystemMessage, receiveInbound } from '../messages/messages.api';
import { defaultWelcomeText } from './webchat-texts';
import * as repo from './webchat.repository';

/*
 * Website chat (issue 21, docs/webchat.md). Staff: the company's widget settings. Visitors (no sign-in): a session
 * per widget start, identified by a random token whose SHA-256 only is stored; every visitor call resolves the token
 * to its company and customer and checks the page's Origin against the company's allowed origins.
 */

const FORBIDDEN = 'Only company admins manage the website chat.';
const newWidgetKey = () => `wk_${randomToken(18)}`;
const newVisitorId = () => randomToken(18);

function settingsCompanyOf(ctx: TRequestContext): number {
  requireArea({ ctx, area: 'webchat', message: FORBIDDEN });
  return resolveReadableCompanyId({ ctx });
}

function present(row: repo.TWebchatSettingsRow, company: Pick<TCompanyRow, 'language' | 'name'> | undefined): TWebchatSettings {
  return {
    enabled: row.enabled,
    widgetKey: row.widgetKey,
    allowedOrigins: row.allowedOrigins,
    greeting: row.greeting,
    color: row.color,
    welcomeEnabled: row.welcomeEnabled,
    welcomeMessage: row.welcomeMessage,
    welcomeDefault: defaultWelcomeText({ language: company?.language ?? 'en', companyName: company?.name ?? '' }),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getWebchatSettings(opts: { ctx: TRequestContext }): Promise<TWebchatSettings> {
  const companyId = settingsCompanyOf(opts.ctx);
  return runInScope(opts.ctx.db, { companyId }, async (tx) =>
    present(await repo.ensureSettings(tx, { companyId, newKey: newWidgetKey() }), await findCompany(tx, companyId)),
  );
}

export async function patchWebchatSettings(opts: { ctx: TRequestContext; patch: TWebchatSettingsPatch }): Promise<TWebchatSettings> {
  const companyId = settingsCompanyOf(opts.ctx);
  const { patch } = opts;
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    await repo.ensureSettings(tx, { companyId, newKey: newWidgetKey() });
    const row = await repo.updateSettings(tx, {
      companyId,
      values: {
        enabled: patch.enabled,
        allowedOrigins: patch.allowedOrigins ? [...new Set(patch.allowedOrigins)] : undefined,
        greeting: patch.greeting,
        color: patch.color,
        welcomeEnabled: patch.welcomeEnabled,
        welcomeMessage: patch.welcomeMessage,
        widgetKey: patch.rotateKey ? newWidgetKey() : undefined,
      },
    });
    return present(row, await findCompany(tx, companyId));
  });
}

/** The page's origin must be one the company listed, exactly; no Origin header (not a browser page) is refused too. */
function assertOrigin(settings: repo.TWebchatSettingsRow, origin: string | null): string {
  if (!origin || !settings.allowedOrigins.includes(origin.toLowerCase())) throw new AppError('forbidden', WEBCHAT_MESSAGES.originNotAllowed);
  return origin;
}

export async function isPreflightOriginAllowed(opts: { deps: TAppDeps; origin: string }): Promise<boolean> {
  return runInScope(opts.deps.db, { companyId: null, system: true }, (tx) => repo.isOriginAllowedAnywhere(tx, { origin: opts.origin.toLowerCase() }));
}

/** A widget start: a new visitor (a customer of its own, no phone) and its token. Returned once; only its hash is kept. */
export async function startWebchatSession(opts: {
  deps: TAppDeps;
  widgetKey: string;
  origin: string | null;
  ip: string | null;
  userAgent: string | null;
}): Promise<{ session: TWebchatSession; origin: string }> {
  const { deps } = opts;
  const settings = await runInScope(deps.db, { companyId: null, system: true }, (tx) => repo.findSettingsByKey(tx, { widgetKey: opts.widgetKey }));
  if (!settings || !settings.enabled) throw new AppError('not_found', WEBCHAT_MESSAGES.disabled);
  const origin = assertOrigin(settings, opts.origin);
  const token = `wct_${randomToken(32)}`;
  const visitorId = newVisitorId();
  const companyId = settings.companyId;
  return runInScope(deps.db, { companyId }, async (tx) => {
    const company = await findCompany(tx, companyId);
    if (!company) throw new AppError('not_found', WEBCHAT_MESSAGES.disabled);
    // The visitor becomes a customer only when they write: an opened widget alone leaves no conversation in the inbox.
    const session = await repo.insertSession(tx, {
      companyId,
      tokenHash: sha256(token),
      visitorId,
      origin,
      ip: opts.ip,
      userAgent: opts.userAgent?.slice(0, 400) ?? null,
    });
    return {
      origin,
      session: { token, companyName: company.name, greeting: settings.greeting, color: settings.color, startedAt: session.createdAt.toISOString() },
    };
  });
}

export interface TVisitor {
  session: repo.TWebchatSessionRow;
  settings: repo.TWebchatSettingsRow;
  origin: string;
}

/** The visitor of a token, from an allowed origin of an enabled widget; 401 for an unknown token (any company's). */
export async function resolveVisitor(opts: { deps: TAppDeps; token: string | null; origin: string | null }): Promise<TVisitor> {
  if (!opts.token || !/^wct_[A-Za-z0-9_-]{20,100}$/.test(opts.token)) throw new AppError('unauthorized', WEBCHAT_MESSAGES.session);
  const tokenHash = sha256(opts.token);
  const found = await runInScope(opts.deps.db, { companyId: null, system: true }, async (tx) => {
    const session = await repo.findSessionByTokenHash(tx, { tokenHash });
    const settings = session ? await repo.findSettings(tx, { companyId: session.companyId }) : undefined;
    return session && settings ? { session, settings } : null;
  });
  if (!found) throw new AppError('unauthorized', WEBCHAT_MESSAGES.session);
  if (!found.settings.enabled) throw new AppError('not_found', WEBCHAT_MESSAGES.disabled);
  const origin = assertOrigin(found.settings, opts.origin);
  // A session opened from one site is not usable from another of the company's sites either.
  if (origin.toLowerCase() !== found.session.origin) throw new AppError('forbidden', WEBCHAT_MESSAGES.originNotAllowed);
  return { ...found, origin };
}

/** The visitor's chat so far (this session only; see listVisitorMessages). */
export async function listWebchatMessages(opts: { deps: TAppDeps; visitor: TVisitor }): Promise<TWebchatMessageList> {
  const { session } = opts.visitor;
  const customerId = session.customerId;
  if (customerId === null) return { messages: [], phoneLeft: !!session.phoneLeftAt };
  const rows = await runInScope(opts.deps.db, { companyId: session.companyId }, (tx) =>
    repo.listVisitorMessages(tx, {
      companyId: session.companyId,
      customerId,
      since: session.createdAt,
      until: session.phoneLeftAt,
      limit: WEBCHAT_LIMITS.listMax,
    }),
  );
  return {
    messages: rows.map((m) => ({ id: m.id, direction: m.direction, body: m.body, createdAt: m.createdAt.toISOString() })),
    phoneLeft: !!session.phoneLeftAt,
  };
}

/**
 * A visitor's message: spam guard (honeypot → accepted and dropped; too soon after the start; too many links),
 * then it arrives like any inbound message of the customer (inbox, live events, unread, keywords).
 */
export async function sendWebchatMessage(opts: {
  deps: TAppDeps;
  visitor: TVisitor;
  body: string;
  honeypot?: string;
  now?: Date;
}): Promise<{ id: number | null }> {
  const { deps, visitor } = opts;
  const { session } = visitor;
  if (session.phoneLeftAt) throw new AppError('conflict', 'This chat continues by text message.');
  if (opts.honeypot) return { id: null };
  const now = opts.now ?? new Date();
  if (!session.firstMessageAt && now.getTime() - session.createdAt.getTime() < WEBCHAT_LIMITS.minMsToFirstMessage)
    throw new AppError('rate_limited', WEBCHAT_MESSAGES.tooSoon, undefined, { 'retry-after': '2' });
  if (countLinks(opts.body) > WEBCHAT_LIMITS.linksPerMessage)
    throw new AppError('validation_failed', WEBCHAT_MESSAGES.tooManyLinks, [{ propertyPath: 'body', message: WEBCHAT_MESSAGES.tooManyLinks }]);
  const companyId = session.companyId;
  // Under the session's lock: the first message makes the visitor a customer, once, however many arrive at once.
  const first = await runInScope(deps.db, { companyId }, async (tx) => {
    const locked = await repo.lockSession(tx, { companyId, id: session.id });
    if (!locked) throw new AppError('unauthorized', WEBCHAT_MESSAGES.session);
    if (locked.phoneLeftAt) throw new AppError('conflict', 'This chat continues by text message.');
    let customerId = locked.customerId;
    let isNewVisitor = false;
    if (customerId === null) {
      const company = await findCompany(tx, companyId);
      if (!company) throw new AppError('not_found', WEBCHAT_MESSAGES.disabled);
      const customer = await insertCustomer(tx, {
        companyId,
        webchatVisitorId: locked.visitorId,
        firstName: 'Web',
        lastName: `visitor ${locked.visitorId.slice(0, 4)}`,
        userId: company.defaultCustomerUserId,
        preferredChannel: 'webchat',
        bumpedAt: now,
      });
      customerId = customer.id;
      isNewVisitor = true;
    } else {
      const customer = await findCustomer(tx, { companyId, ownerId: null, id: customerId });
      if (customer?.webchatVisitorId !== locked.visitorId) throw new AppError('conflict', 'This chat continues by text message.');
    }
    await repo.touchSession(tx, { companyId, id: session.id, firstMessage: true, customerId });
    return { visitorId: locked.visitorId, customerId, isNewVisitor };
  });
  const result = await receiveInbound({
    deps,
    inbound: {
      companyId: session.companyId,
      channel: 'webchat',
      from: { webchatVisitorId: first.visitorId },
      body: opts.body,
      providerMessageId: `WCIN-${randomUUID()}`,
      media: [],
    },
  });
  if (first.isNewVisitor && result.messageId !== null && visitor.settings.welcomeEnabled)
    await queueWelcomeReply({ deps, companyId, customerId: first.customerId, text: visitor.settings.welcomeMessage });
  return { id: result.messageId };
}

/**
 * The welcome reply to a new visitor's first message: an automated outbound message on the webchat channel, after the
 * visitor's message (so it reads as the answer), through the normal outbound path: stored in the conversation (the
 * agent sees what the visitor was told), delivered live to the widget by the send job, blocked when the rules say so.
 */
async function queueWelcomeReply(opts: { deps: TAppDeps; companyId: number; customerId: number; text: string }): Promise<void> {
  const { deps, companyId } = opts;
  await runWithLiveEvents({
    deps,
    scope: { companyId },
    fn: async (tx, emit) => {
      const company = await findCompany(tx, companyId);
      const customer = await findCustomer(tx, { companyId, ownerId: null, id: opts.customerId });
      // A STOP as the first message already answered; a hand-over in between moved the chat to text.
      if (!company || !customer?.webchatVisitorId || customer.optOut) return;
      const content = opts.text || defaultWelcomeText({ language: company.language, companyName: company.name });
      const m = await queueSystemMessage(tx, deps, { company, customer, channel: 'webchat', content, type: 'WELCOME_MESSAGE' });
      emit([messageEvent(deps, customer, m, 'created')]);
    },
  });
  deps.jobs.wake();
}

/** The widget showed the agent's replies up to `upToId`: they are READ (the inbox shows it). */
export async function markWebchatRead(opts: { deps: TAppDeps; visitor: TVisitor; upToId: number }): Promise<void> {
  const { deps, visitor } = opts;
  const { session } = visitor;
  const customerId = session.customerId;
  if (customerId === null) return;
  const unread = await runInScope(deps.db, { companyId: session.companyId }, (tx) =>
    repo.listUnreadOutbound(tx, { companyId: session.companyId, customerId, since: session.createdAt, upToId: opts.upToId }),
  );
  for (const m of unread)
    await applyProviderStatus({
      deps,
      companyId: session.companyId,
      channel: 'webchat',
      messageId: m.id,
      providerMessageId: m.providerMessageId ?? webchatProviderId({ companyId: session.companyId, messageId: m.id }),
      status: 'READ',
    });
}

/**
 * The visitor leaves a phone number to continue by text (with consent). The chat's customer gains the phone, or, when
 * the company already has a customer with that phone, is merged into it (customer merge rules). The widget chat ends:
 * the customer loses its visitor address, so replies go by text through the company's SMS channel, under the usual
 * consent rules (a STOP on that number stays: a web form does not lift it; the person texts START). Nothing of that
 * customer's history is shown to the visitor: a typed phone number proves nothing about who owns it.
 */
export async function leaveWebchatPhone(opts: { deps: TAppDeps; visitor: TVisitor; phone: string }): Promise<TWebchatMessageList> {
  const { deps, visitor, phone } = opts;
  const companyId = visitor.session.companyId;
  await runWithLiveEvents({
    deps,
    scope: { companyId },
    fn: async (tx, emit) => {
      const session = await repo.lockSession(tx, { companyId, id: visitor.session.id });
      if (!session) throw new AppError('unauthorized', WEBCHAT_MESSAGES.session);
      if (session.phoneLeftAt) throw new AppError('conflict', 'A phone number was already left in this chat.');
      const chat = session.customerId === null ? undefined : await findCustomer(tx, { companyId, ownerId: null, id: session.customerId });
      if (!chat) throw new AppError('conflict', 'Write a message first.');
      const existing = await findCustomerByIdentity(tx, { companyId, phone });
      let customerId = chat.id;
      if (existing && existing.id !== chat.id) {
        await repo.moveSessions(tx, { companyId, fromCustomerId: chat.id, toCustomerId: existing.id });
        const { kept, removed } = await absorbCustomerInTx(tx, { companyId, keptId: existing.id, duplicateId: chat.id });
        const row = (await updateCustomer(tx, {
          companyId,
          id: kept.id,
          values: { webchatVisitorId: null, preferredChannel: existing.preferredChannel, archived: false },
        }))!;
        emit([
          customerEvent(removed, 'removed', { data: { id: removed.id, '@id': `/api/customers/${removed.id}`, mergedInto: kept.id } }),
          customerEvent(row, 'updated', { changes: ['merged', 'phone'] }),
        ]);
        customerId = kept.id;
      } else {
        const row = (await updateCustomer(tx, { companyId, id: chat.id, values: { phone, webchatVisitorId: null, preferredChannel: null, archived: false } }))!;
        emit([customerEvent(row, 'updated', { changes: ['phone', 'preferredChannel'] })]);
      }
      await insertConsentEvent(tx, { companyId, customerId, kind: 'opt_in', source: 'webchat', channel: 'webchat', detail: { sessionId: session.id } });
      await repo.touchSession(tx, { companyId, id: session.id, phoneLeft: true });
    },
  });
  const after = await runInScope(deps.db, { companyId }, (tx) => repo.lockSession(tx, { companyId, id: visitor.session.id }));
  return listWebchatMessages({ deps, visitor: { ...visitor, session: after ?? visitor.session } });
}
