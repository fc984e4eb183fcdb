import {
  OFFER_MESSAGES,
  OFFER_LIST_MAX,
  OFFER_UNPAGED_PAGE,
  type TOffer,
  type TOfferAudience,
  type TOfferAudienceSize,
  type TOfferCreate,
  type TOfferListQuery,
  type TOfferPatch,
  type TOfferRecipient,
} from '@cd/contracts/offers';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { AppError, validationError } from '../../lib/errors';
import type { TListTotal } from '../../lib/hydra';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { marketingCompanyOf, requireOffersModule, type TMarketingArea } from '../marketing/marketing.api';
import { findMediaRows, signedMediaUrl } from '../media/media.api';
import { measureAudience, storedAudienceOf } from './offers-audience';
import { enqueueOfferSend, startOfferSend } from './offers.jobs';
import { offerEvent, toOfferResource } from './offers.presenter';
import * as repo from './offers.repository';
import type { TOfferRow } from './offers.schema';

const DEFAULT_PAGE = 30;
/** Offers may change (and be deleted) until they start sending; a failed one never reached anybody, so it may too. */
const EDITABLE = new Set(['draft', 'scheduled', 'failed']);

export interface TOfferPage {
  member: TOffer[];
  total: TListTotal | null;
  full: boolean;
  last: { at: Date; id: number } | null;
}

/** The caller's company for an area, with the offers module checked in the same transaction. */
async function inOffers<T>(ctx: TRequestContext, area: TMarketingArea, fn: (tx: TTx, companyId: number) => Promise<T>): Promise<T> {
  const companyId = marketingCompanyOf(ctx, area);
  return runInScope(ctx.db, { companyId }, async (tx) => {
    await requireOffersModule(tx, companyId);
    return fn(tx, companyId);
  });
}

async function presentRows(ctx: TRequestContext, tx: TTx, companyId: number, rows: TOfferRow[]): Promise<TOffer[]> {
  const results = await repo.countResults(tx, { companyId, offerIds: rows.map((r) => r.id) });
  const media = new Map(
    (await findMediaRows(tx, { companyId, ids: [...new Set(rows.flatMap((r) => (r.imageMediaId ? [r.imageMediaId] : [])))] })).map((m) => [m.id, m]),
  );
  return rows.map((r) => {
    const m = r.imageMediaId ? media.get(r.imageMediaId) : undefined;
    return toOfferResource(r, results.get(r.id), m ? signedMediaUrl({ config: ctx.config, row: m }) : null);
  });
}

async function loadOffer(tx: TTx, companyId: number, id: number, lock = false): Promise<TOfferRow> {
  const row = await repo.findOffer(tx, { companyId, id, lock });
  if (!row) throw new AppError('not_found', 'Offer not found.');
  return row;
}

function futureOrThrow(at: string | null | undefined): Date | null | undefined {
  if (at === undefined || at === null) return at;
  const d = new Date(at);
  if (d.getTime() <= Date.now()) throw validationError([{ propertyPath: 'scheduledAt', message: OFFER_MESSAGES.pastSchedule }]);
  return d;
}

async function checkImage(tx: TTx, companyId: number, image: number | null | undefined): Promise<void> {
  if (!image) return;
  const found = await findMediaRows(tx, { companyId, ids: [image] });
  if (!found.length) throw validationError([{ propertyPath: 'image', message: 'The image was not found.' }]);
}

export async function listOffers(opts: { ctx: TRequestContext; query: TOfferListQuery; area?: TMarketingArea }): Promise<TOfferPage> {
  const q = opts.query;
  const before = q['createdAt[strictly_before]'];
  // pagination=false still pages (500 at a time) and links `next`: the client follows it (spec §7 "Marketing offers").
  const limit = q.pagination === 'false' ? OFFER_UNPAGED_PAGE : Math.min(q.itemsPerPage ?? DEFAULT_PAGE, OFFER_LIST_MAX);
  return inOffers(opts.ctx, opts.area ?? 'offers', async (tx, companyId) => {
    const rows = await repo.listOffers(tx, { companyId, ask: { limit, before: before ? new Date(before) : undefined, idLt: q['id[lt]'], status: q.status } });
    const total = before ? null : await repo.countOffers(tx, { companyId, status: q.status });
    const last = rows.at(-1);
    return {
      member: await presentRows(opts.ctx, tx, companyId, rows),
      total,
      full: rows.length === limit,
      last: last ? { at: last.createdAt, id: last.id } : null,
    };
  });
}

export async function getOffer(opts: { ctx: TRequestContext; id: number; area?: TMarketingArea }): Promise<TOffer> {
  return inOffers(
    opts.ctx,
    opts.area ?? 'offers',
    async (tx, companyId) => (await presentRows(opts.ctx, tx, companyId, [await loadOffer(tx, companyId, opts.id)]))[0]!,
  );
}

export async function createOffer(opts: { ctx: TRequestContext; body: TOfferCreate; area?: TMarketingArea }): Promise<TOffer> {
  const { ctx, body } = opts;
  const scheduledAt = futureOrThrow(body.scheduledAt) ?? null;
  const companyId = marketingCompanyOf(ctx, opts.area ?? 'offers');
  const result = await runWithLiveEvents({
    deps: ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      await requireOffersModule(tx, companyId);
      const audience = await storedAudienceOf(tx, { companyId, audience: body.audience });
      await checkImage(tx, companyId, body.image);
      const row = await repo.insertOffer(tx, {
        companyId,
        name: body.name,
        message: body.message,
        imageMediaId: body.image ?? null,
        audience,
        scheduledAt,
        createdById: ctx.actor.user.id,
      });
      if (scheduledAt) await enqueueOfferSend(tx, { companyId, offerId: row.id, runAt: scheduledAt });
      emit([offerEvent(row, undefined, 'created')]);
      return (await presentRows(ctx, tx, companyId, [row]))[0]!;
    },
  });
  ctx.jobs.wake();
  return result;
}

/** PUT/PATCH (merge-patch) while editable; `scheduledAt` set schedules it (re-queued), null takes it back to draft. */
export async function changeOffer(opts: { ctx: TRequestContext; id: number; body: TOfferPatch }): Promise<TOffer> {
  const { ctx, body } = opts;
  const scheduledAt = futureOrThrow(body.scheduledAt);
  const companyId = marketingCompanyOf(ctx, 'offers');
  const result = await runWithLiveEvents({
    deps: ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      await requireOffersModule(tx, companyId);
      const offer = await loadOffer(tx, companyId, opts.id, true);
      if (!EDITABLE.has(offer.status)) throw new AppError('conflict', OFFER_MESSAGES.notEditable);
      const audience = body.audience ? await storedAudienceOf(tx, { companyId, audience: body.audience as TOfferAudience }) : undefined;
      await checkImage(tx, companyId, body.image);
      const values: Parameters<typeof repo.updateOffer>[1]['values'] = { name: body.name, message: body.message, audience, imageMediaId: body.image };
      // A fixed failed offer is a draft again (its reason no longer holds).
      if (offer.status === 'failed') Object.assign(values, { status: 'draft', failureReason: null });
      if (scheduledAt !== undefined) Object.assign(values, { scheduledAt, status: scheduledAt ? 'scheduled' : 'draft', failureReason: null });
      const row = await repo.updateOffer(tx, { companyId, id: offer.id, values });
      if (scheduledAt) await enqueueOfferSend(tx, { companyId, offerId: row.id, runAt: scheduledAt });
      const [present] = await presentRows(ctx, tx, companyId, [row]);
      emit([offerEvent(row, present!.results, 'updated')]);
      return present!;
    },
  });
  ctx.jobs.wake();
  return result;
}

export async function scheduleOffer(opts: { ctx: TRequestContext; id: number; scheduledAt: string | null }): Promise<TOffer> {
  return changeOffer({ ctx: opts.ctx, id: opts.id, body: { scheduledAt: opts.scheduledAt } });
}

export async function deleteOffer(opts: { ctx: TRequestContext; id: number }): Promise<void> {
  const companyId = marketingCompanyOf(opts.ctx, 'offers');
  await runWithLiveEvents({
    deps: opts.ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      await requireOffersModule(tx, companyId);
      const offer = await loadOffer(tx, companyId, opts.id, true);
      if (!EDITABLE.has(offer.status)) throw new AppError('conflict', OFFER_MESSAGES.notDeletable);
      await repo.deleteOffer(tx, { companyId, id: offer.id });
      emit([offerEvent(offer, undefined, 'removed')]);
    },
  });
}

/**
 * GET|POST /api/offers/{id}/send_immediately. The row lock makes it once-only: of two racing calls one starts the
 * send, the other finds it sending and gets 409. Nobody eligible: the offer is kept failed with the reason (committed)
 * and the answer is 422 "The offer was not sent".
 */
export async function sendOfferNow(opts: { ctx: TRequestContext; id: number }): Promise<TOffer> {
  const { ctx } = opts;
  const companyId = marketingCompanyOf(ctx, 'offers');
  const out = await runWithLiveEvents({
    deps: ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      await requireOffersModule(tx, companyId);
      const offer = await loadOffer(tx, companyId, opts.id, true);
      if (!EDITABLE.has(offer.status)) throw new AppError('conflict', OFFER_MESSAGES.alreadySending);
      const started = await startOfferSend(tx, { offer, emit });
      return { failure: started.failure, offer: (await presentRows(ctx, tx, companyId, [started.row]))[0]! };
    },
  });
  ctx.jobs.wake();
  if (out.failure)
    throw new AppError('validation_failed', OFFER_MESSAGES.notSent, [{ propertyPath: 'audience', message: out.failure }], undefined, { offer: out.offer });
  return out.offer;
}

export async function offerAudienceSize(opts: { ctx: TRequestContext; id: number }): Promise<TOfferAudienceSize> {
  return inOffers(opts.ctx, 'offers', async (tx, companyId) => {
    const offer = await loadOffer(tx, companyId, opts.id);
    return measureAudience(tx, { companyId, audience: offer.audience, now: new Date() });
  });
}

/** The same count for an audience being edited (not saved yet). */
export async function previewAudienceSize(opts: { ctx: TRequestContext; audience: TOfferAudience }): Promise<TOfferAudienceSize> {
  return inOffers(opts.ctx, 'offers', async (tx, companyId) => {
    const audience = await storedAudienceOf(tx, { companyId, audience: opts.audience });
    return measureAudience(tx, { companyId, audience, now: new Date() });
  });
}

export async function listOfferRecipients(opts: { ctx: TRequestContext; id: number; afterId?: number; limit: number }): Promise<TOfferRecipient[]> {
  return inOffers(opts.ctx, 'offers', async (tx, companyId) => {
    await loadOffer(tx, companyId, opts.id);
    return repo.listRecipients(tx, { companyId, offerId: opts.id, afterId: opts.afterId, limit: opts.limit });
  });
}
