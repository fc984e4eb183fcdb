import {
  createLinkCode,
  CUSTOMER_LINK_PURPOSE_INFO,
  CUSTOMER_LINK_PURPOSES,
  customerLinkExpiry,
  customerLinkStateOf,
  customerLinkUrl,
  LINK_EXPIRED,
  LINK_NOT_FOUND,
  type TCustomerLink,
  type TCustomerLinkListQuery,
  type TCustomerLinkPurpose,
  type TPublicLinkPage,
  ZPublicLinkPageSchema,
} from '@cd/contracts/customer-link';
import { companyAdminsTopic, companyTopic } from '@cd/contracts/live';
import type { TModifier, TModifierName } from '@cd/contracts/message-modifiers';
import { MODIFIERS } from '@cd/contracts/message-modifiers';
import type { TAppDeps, TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { TLiveEventInput } from '../../live/live.types';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { resolveReadableCompanyId, resolveRecordScope } from '../../tenant-scope';
import { linkPageOf } from './customer-links.pages';
import * as repo from './customer-links.repository';
import type { TCustomerLinkRow } from './customer-links.schema';

type TDeps = TAppDeps;

/** A fresh code clashing with an existing one is a 1-in-2^70 event per pair; a handful of draws is plenty. */
const CODE_DRAWS = 5;

export function toCustomerLinkResource(row: TCustomerLinkRow, opts: { publicUrl: string; now?: Date }): TCustomerLink {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    '@id': `/api/customer_links/${row.id}`,
    '@type': 'CustomerLink',
    id: row.id,
    purpose: row.purpose,
    entity: row.entity,
    entityId: row.entityId,
    url: customerLinkUrl({ publicUrl: opts.publicUrl, code: row.code }),
    state: customerLinkStateOf({ expiresAt: row.expiresAt, revokedAt: row.revokedAt, now: opts.now ?? new Date() }),
    expiresAt: iso(row.expiresAt),
    revokedAt: iso(row.revokedAt),
    firstOpenedAt: iso(row.firstOpenedAt),
    lastOpenedAt: iso(row.lastOpenedAt),
    openCount: row.openCount,
    createdAt: row.createdAt.toISOString(),
  };
}

function linkEvent(deps: Pick<TDeps, 'config'>, row: TCustomerLinkRow, changes: string[]): TLiveEventInput {
  return {
    companyId: row.companyId,
    // A survey's link answers the survey: only company admins hear of it (requireAdminForSurveys).
    topics: [row.entity === 'survey' ? companyAdminsTopic(row.companyId) : companyTopic(row.companyId)],
    event: 'updated',
    entity: 'customer_link',
    data: toCustomerLinkResource(row, { publicUrl: deps.config.publicUrl }),
    changes,
  };
}

const NAME_OF_MODIFIER = new Map(Object.entries(MODIFIERS).map(([name, token]) => [token as TModifier, name as TModifierName]));

/** The purposes whose URL modifier a text uses, each with the modifier's value name (`statusUrl` for `{status_url}`). */
export function linkPurposesIn(text: string): { purpose: TCustomerLinkPurpose; name: TModifierName }[] {
  return CUSTOMER_LINK_PURPOSES.filter((p) => text.includes(CUSTOMER_LINK_PURPOSE_INFO[p].modifier)).map((purpose) => ({
    purpose,
    name: NAME_OF_MODIFIER.get(CUSTOMER_LINK_PURPOSE_INFO[purpose].modifier)!,
  }));
}

/**
 * Makes one customer link in the caller's transaction (an automated message's, so the link exists exactly when the
 * text that carries it does). The code is drawn again on the rare clash with an existing one.
 */
export async function createCustomerLink(
  tx: TTx,
  opts: {
    companyId: number;
    customerId: number;
    purpose: TCustomerLinkPurpose;
    entity: string;
    entityId: number;
    automatedMessageId?: number | null;
    now?: Date;
  },
): Promise<TCustomerLinkRow> {
  const now = opts.now ?? new Date();
  for (let draw = 0; draw < CODE_DRAWS; draw++) {
    const row = await repo.insertLink(tx, {
      companyId: opts.companyId,
      code: createLinkCode(),
      purpose: opts.purpose,
      entity: opts.entity,
      entityId: opts.entityId,
      customerId: opts.customerId,
      automatedMessageId: opts.automatedMessageId ?? null,
      expiresAt: customerLinkExpiry({ purpose: opts.purpose, now }),
    });
    if (row) return row;
  }
  throw new Error('customer link: no free code after several draws');
}

/**
 * The answer reaches people without a sign-in: parsed (not only checked) by the public page schema, which drops any
 * field a page put in by mistake (the response serializer sends handlers' objects as they are).
 */
function onlyWhatThePageShows(page: TPublicLinkPage): TPublicLinkPage {
  const parsed = ZPublicLinkPageSchema.safeParse(page);
  // A page that does not fit its schema is our bug (500), not the customer's input (a ZodError would answer 422).
  if (!parsed.success)
    throw new Error(`public link page of ${String((page as { purpose?: unknown }).purpose)} does not fit its schema: ${parsed.error.message}`);
  return parsed.data;
}

/** Unknown 404, expired or revoked 410: the same answers whatever company the code belongs to. */
function refuse(row: TCustomerLinkRow | undefined, now: Date): never {
  if (!row) throw new AppError('not_found', LINK_NOT_FOUND);
  if (customerLinkStateOf({ expiresAt: row.expiresAt, revokedAt: row.revokedAt, now }) !== 'active') throw new AppError('gone', LINK_EXPIRED);
  throw new AppError('not_found', LINK_NOT_FOUND);
}

/**
 * A customer opens a link: the open is counted (atomically, in the database) and the page of its purpose reads what
 * that link allows. One transaction: the code is found across companies, then the page runs under the link's company
 * only. A page whose entity is gone answers 404 and the open is not kept.
 */
export async function openPublicLink(opts: { deps: TDeps; code: string }): Promise<TPublicLinkPage> {
  const { deps } = opts;
  const now = new Date();
  return runInScope(deps.db, { companyId: null, system: true }, async (tx) => {
    const link = await repo.recordOpen(tx, { code: opts.code, now });
    if (!link) refuse(await repo.findLinkByCode(tx, opts.code), now);
    const page = linkPageOf(link.purpose);
    if (!page) throw new AppError('not_found', LINK_NOT_FOUND);
    await repo.narrowToCompany(tx, link.companyId);
    const data = await page.read(tx, { deps: deps, link });
    if (!data) throw new AppError('not_found', LINK_NOT_FOUND);
    return onlyWhatThePageShows(data);
  });
}

/** The customer answers on the page (approves lines…): the same resolution, then the purpose's answer. */
export async function answerPublicLink(opts: { deps: TDeps; code: string; body: unknown }): Promise<TPublicLinkPage> {
  const { deps } = opts;
  const now = new Date();
  return runWithLiveEvents({
    deps,
    scope: { companyId: null, system: true },
    fn: async (tx, emit) => {
      const link = await repo.findLinkByCode(tx, opts.code);
      if (!link || customerLinkStateOf({ expiresAt: link.expiresAt, revokedAt: link.revokedAt, now }) !== 'active') refuse(link, now);
      const page = linkPageOf(link.purpose);
      if (!page?.answer) throw new AppError('not_found', 'This page takes no answer.');
      await repo.narrowToCompany(tx, link.companyId);
      return page.answer(tx, { deps: deps, link, body: opts.body, emit });
    },
  });
}

export async function listCustomerLinks(opts: { ctx: TRequestContext; query: TCustomerLinkListQuery }): Promise<TCustomerLink[]> {
  requireAdminForSurveys({ ctx: opts.ctx, entity: opts.query.entity });
  const companyId = resolveReadableCompanyId({ ctx: opts.ctx });
  const rows = await runInScope(opts.ctx.db, { companyId }, (tx) =>
    repo.listLinksOf(tx, { companyId, entity: opts.query.entity, entityId: opts.query.entityId }),
  );
  const now = new Date();
  return rows.map((r) => toCustomerLinkResource(r, { publicUrl: opts.ctx.config.publicUrl, now }));
}

/**
 * A survey's link answers the survey: only company admins see it (an advisor must not be able to rate themselves on
 * the customer's behalf). Everyone of the company sees the links of orders, which they act on anyway.
 */
export function requireAdminForSurveys(opts: { ctx: TRequestContext; entity: string }): void {
  if (opts.entity === 'survey' && !opts.ctx.actor.isCompanyAdmin) throw new AppError('forbidden', 'Only a company admin may see the links of a survey.');
}

/** Staff switch a link off (sent to the wrong number, forwarded): it answers 410 from then on. Idempotent. */
export async function revokeCustomerLink(opts: { ctx: TRequestContext; id: number }): Promise<TCustomerLink> {
  const { ctx } = opts;
  const { scope, companyId } = resolveRecordScope({ ctx });
  const row = await runWithLiveEvents({
    deps: ctx,
    scope,
    fn: async (tx, emit) => {
      const found = await repo.findLink(tx, { companyId, id: opts.id });
      if (!found) throw new AppError('not_found', 'Customer link not found.');
      requireAdminForSurveys({ ctx, entity: found.entity });
      if (found.revokedAt) return found;
      const revoked = (await repo.revokeLink(tx, { companyId: found.companyId, id: found.id, now: new Date() }))!;
      emit([linkEvent(ctx, revoked, ['revokedAt', 'state'])]);
      return revoked;
    },
  });
  return toCustomerLinkResource(row, { publicUrl: ctx.config.publicUrl });
}
