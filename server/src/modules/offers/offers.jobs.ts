import { OFFER_MESSAGES, type TOfferSkipReason } from '@cd/contracts/offers';
import type { TAppDeps } from '../../context';
import type { TTx } from '../../db/client';
import { enqueueJob, rescheduleJob, type TJobHandler } from '../../jobs/outbox';
import type { TLiveEventInput } from '../../live/live.types';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { findCompany } from '../companies/companies.api';
import {
  enqueueSendJobs,
  insertGroupMessage,
  insertRecipientMessages,
  linkAttachmentsToMessages,
  linkGroupAttachments,
  updateGroupMessage,
} from '../customer-groups/customer-groups.api';
import { findCustomersByIds } from '../customers/customers.api';
import { marketingRuleOf, nextMarketingTime } from '../marketing/marketing.api';
import { blockReason, JOB_SEND_MESSAGE, resolveChannel } from '../messages/messages.api';
import { interestCustomerIdsOf, isEmptyAudience } from './offers-audience';
import { offerEvent } from './offers.presenter';
import * as repo from './offers.repository';
import type { TOfferRow } from './offers.schema';

export const JOB_SEND_OFFER = 'send_offer';
/** Recipients per transaction, as group sends do. */
const SEND_BATCH = 500;
const NOBODY_REACHED = 'No recipient could be reached (no channel, safe mode or the daily marketing limit).';

type TDeps = Pick<TAppDeps, 'config' | 'db' | 'live' | 'channels' | 'jobs'>;
type TEmit = (events: TLiveEventInput[]) => void;

export async function enqueueOfferSend(tx: TTx, opts: { companyId: number; offerId: number; runAt?: Date }): Promise<void> {
  await enqueueJob(tx, { companyId: opts.companyId, kind: JOB_SEND_OFFER, payload: { offerId: opts.offerId }, runAt: opts.runAt });
}

async function emitOffer(tx: TTx, emit: TEmit, row: TOfferRow): Promise<void> {
  const results = await repo.countResults(tx, { companyId: row.companyId, offerIds: [row.id] });
  emit([offerEvent(row, results.get(row.id), 'updated')]);
}

/**
 * Moves a locked offer (draft, scheduled or failed) to sending: writes every audience member once (queued or
 * skipped with the reason), opens the group message that carries the texts and queues the send job. Nobody
 * eligible: the offer fails with the reason instead. The caller holds the row lock, so only one start wins.
 */
export async function startOfferSend(
  tx: TTx,
  opts: { offer: TOfferRow; emit: TEmit; /** false when the send job itself starts it (it goes on in the same run) */ enqueue?: boolean },
): Promise<{ row: TOfferRow; failure: string | null }> {
  const { offer } = opts;
  const companyId = offer.companyId;
  const fail = async (reason: string) => {
    const row = await repo.updateOffer(tx, { companyId, id: offer.id, values: { status: 'failed', failureReason: reason } });
    await emitOffer(tx, opts.emit, row);
    return { row, failure: reason };
  };
  if (isEmptyAudience(offer.audience)) return fail(OFFER_MESSAGES.emptyAudience);
  const interestCustomerIds = await interestCustomerIdsOf(tx, { companyId, audience: offer.audience });
  const built = await repo.buildRecipients(tx, { companyId, offerId: offer.id, audience: offer.audience, interestCustomerIds });
  if (!built.queued) return fail(OFFER_MESSAGES.noRecipients);
  let groupMessageId = offer.groupMessageId;
  if (groupMessageId === null) {
    const gm = await insertGroupMessage(tx, {
      companyId,
      groupId: null,
      userId: offer.createdById,
      source: 'OFFER',
      content: offer.message,
      status: 'sending',
    });
    groupMessageId = gm.id;
    if (offer.imageMediaId) await linkGroupAttachments(tx, { companyId, groupMessageId, mediaIds: [offer.imageMediaId] });
  }
  const row = await repo.updateOffer(tx, {
    companyId,
    id: offer.id,
    values: { status: 'sending', groupMessageId, sentAt: new Date(), failureReason: null },
  });
  if (opts.enqueue !== false) await enqueueOfferSend(tx, { companyId, offerId: offer.id });
  await emitOffer(tx, opts.emit, row);
  return { row, failure: null };
}

/** Why a due recipient is not sent now: skipped with a reason, or deferred to its state's window. */
function judge(opts: {
  deps: TDeps;
  now: Date;
  company: NonNullable<Awaited<ReturnType<typeof findCompany>>>;
  customer: Awaited<ReturnType<typeof findCustomersByIds>>[number] | undefined;
  consent: boolean;
  sentLastDay: number;
}): { skip: TOfferSkipReason } | { deferTo: Date } | { channel: string } {
  const c = opts.customer;
  if (!c || c.optOut) return { skip: 'opted_out' };
  if (!opts.consent) return { skip: 'no_marketing_consent' };
  const rule = marketingRuleOf({ address: c.address, phone: c.phone });
  if (rule && opts.sentLastDay >= rule.dailyCap) return { skip: 'daily_cap' };
  const next = nextMarketingTime({ now: opts.now, rule, customerTimeZone: c.timezone });
  if (next) return { deferTo: next };
  let channel: string;
  try {
    channel = resolveChannel(opts.deps, opts.company, c);
  } catch {
    return { skip: 'no_channel' };
  }
  if (blockReason(opts.company, c, 'STANDARD')) return { skip: 'blocked' };
  return { channel };
}

/** One batch of due recipients: consent re-read now, cap, window, channel; the rest get their message and send job. */
async function sendBatch(deps: TDeps, tx: TTx, offer: TOfferRow): Promise<number> {
  const companyId = offer.companyId;
  const now = new Date();
  const due = await repo.listDueRecipients(tx, { companyId, offerId: offer.id, now, limit: SEND_BATCH });
  if (!due.length) return 0;
  const company = (await findCompany(tx, companyId))!;
  const customers = new Map((await findCustomersByIds(tx, { companyId, ownerId: null, ids: due.map((d) => d.customerId) })).map((c) => [c.id, c]));
  const marks: { customerId: number; skipReason: string | null; deferredUntil: Date | null }[] = [];
  const rows: { customerId: number; channel: string; status: string; errorMessage: string | null }[] = [];
  for (const d of due) {
    const verdict = judge({ deps, now, company, customer: customers.get(d.customerId), consent: d.consent, sentLastDay: d.sentLastDay });
    if ('skip' in verdict) marks.push({ customerId: d.customerId, skipReason: verdict.skip, deferredUntil: null });
    else if ('deferTo' in verdict) marks.push({ customerId: d.customerId, skipReason: null, deferredUntil: verdict.deferTo });
    else rows.push({ customerId: d.customerId, channel: verdict.channel, status: 'SENDING', errorMessage: null });
  }
  await repo.markRecipients(tx, { companyId, offerId: offer.id, rows: marks });
  const groupMessageId = offer.groupMessageId!;
  // The group send's own once-per-customer key: a run after a crash finds the messages already there.
  const inserted = await insertRecipientMessages(tx, { companyId, groupMessageId, userId: offer.createdById, content: offer.message, rows });
  await enqueueSendJobs(tx, { companyId, kind: JOB_SEND_MESSAGE, messageIds: inserted.map((m) => m.id) });
  if (offer.imageMediaId) await linkAttachmentsToMessages(tx, { companyId, messageIds: inserted.map((m) => m.id), mediaIds: [offer.imageMediaId] });
  await repo.markSent(tx, { companyId, offerId: offer.id, groupMessageId, customerIds: rows.map((r) => r.customerId) });
  return due.length;
}

/** Nothing due: wait for the earliest deferral, or finish (sent, or failed when nobody could be reached). */
async function finishOrWait(tx: TTx, offer: TOfferRow, emit: TEmit): Promise<Date | null> {
  const companyId = offer.companyId;
  const next = await repo.nextDeferral(tx, { companyId, offerId: offer.id });
  if (next) return next;
  const results = (await repo.countResults(tx, { companyId, offerIds: [offer.id] })).get(offer.id)!;
  const reached = results.recipients - results.skipped - results.queued;
  const row = await repo.updateOffer(tx, {
    companyId,
    id: offer.id,
    values: reached > 0 ? { status: 'sent' } : { status: 'failed', failureReason: NOBODY_REACHED },
  });
  if (offer.groupMessageId)
    await updateGroupMessage(tx, { companyId, id: offer.groupMessageId, values: { status: 'sent', recipientsTotal: reached, expandedAt: new Date() } });
  emit([offerEvent(row, results, 'updated')]);
  return null;
}

/**
 * The offer's send, batch by batch (one transaction each, the offer row locked): a scheduled offer starts when its
 * time comes (a moved schedule re-queues; an early job waits), deferred recipients wait for their window (the job
 * sleeps until the earliest), and the offer ends sent or failed.
 */
export function createSendOfferHandler(deps: TDeps): TJobHandler {
  return async ({ job }) => {
    const companyId = job.companyId!;
    const offerId = Number(job.payload.offerId);
    for (;;) {
      const outcome = await runWithLiveEvents({
        deps,
        scope: { companyId },
        fn: async (tx, emit) => {
          let offer = await repo.findOffer(tx, { companyId, id: offerId, lock: true });
          if (!offer) return 'done' as const;
          if (offer.status === 'scheduled') {
            if (!offer.scheduledAt) return 'done' as const;
            if (offer.scheduledAt.getTime() > Date.now()) {
              await rescheduleJob(tx, { jobId: job.id, runAt: offer.scheduledAt });
              return 'rescheduled' as const;
            }
            const started = await startOfferSend(tx, { offer, emit, enqueue: false });
            if (started.failure) return 'done' as const;
            offer = started.row;
          }
          if (offer.status !== 'sending' || offer.groupMessageId === null) return 'done' as const;
          const handled = await sendBatch(deps, tx, offer);
          if (handled) {
            await emitOffer(tx, emit, offer);
            return 'more' as const;
          }
          const wait = await finishOrWait(tx, offer, emit);
          if (!wait) return 'done' as const;
          await rescheduleJob(tx, { jobId: job.id, runAt: wait });
          return 'rescheduled' as const;
        },
      });
      deps.jobs.wake();
      if (outcome === 'rescheduled') return 'rescheduled';
      if (outcome === 'done') return;
    }
  };
}

/** Jobs this module runs through the outbox; spread into the worker's handlers in app.ts. */
export function createOfferJobHandlers(opts: { deps: TDeps }): Record<string, TJobHandler> {
  return { [JOB_SEND_OFFER]: createSendOfferHandler(opts.deps) };
}
