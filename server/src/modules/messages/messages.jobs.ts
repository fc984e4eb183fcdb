import type { TChannel } from '@cd/contracts/customer';
import { STATUS_RANK, type TMessageStatus } from '@cd/contracts/message';
import type { TOutboundMessage } from '../../channels/channel.types';
import { ChannelSendError } from '../../channels/channel.types';
import { runInScope, type TTx } from '../../db/client';
import { completeJob, enqueueJob, rescheduleJob, type TJob, type TJobHandler } from '../../jobs/outbox';
import { nextSendingTime } from '../../lib/quiet-hours';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { findCompany } from '../companies/companies.api';
import * as customersRepo from '../customers/customers.api';
import { customerEvent } from '../customers/customers.service';
import { signedMediaUrl, type TMediaRow } from '../media/media.api';
import { saveMediaFromBuffer } from '../media/media.service';
import { blockReason, lastMessageOf, loadCompany, messageEvent, type TMessagesDeps } from './message-rules';
import { applyProviderStatus } from './messages-status.service';
import * as repo from './messages.repository';
import type { TMessageRow } from './messages.schema';

type TDeps = TMessagesDeps;

/** Jobs this module runs through the outbox. */
export const JOB_SEND_MESSAGE = 'send_message';
export const JOB_SIMULATOR_STATUS = 'simulator_status';
export const JOB_FETCH_INBOUND_MEDIA = 'fetch_inbound_media';

const SEND_ATTEMPTS = 6;
const SIMULATOR_DELIVERY_MS = 700;

/** Queues the send of a stored outbound message (at `runAt` for a scheduled one), in the caller's transaction. */
export async function enqueueSendMessage(tx: TTx, opts: { companyId: number; messageId: number; runAt?: Date }): Promise<void> {
  await enqueueJob(tx, { companyId: opts.companyId, kind: JOB_SEND_MESSAGE, payload: { messageId: opts.messageId }, runAt: opts.runAt });
}

/** Queues the download of an inbound message's media from its provider, in the caller's transaction. */
export async function enqueueFetchInboundMedia(tx: TTx, opts: { companyId: number; messageId: number }): Promise<void> {
  await enqueueJob(tx, { companyId: opts.companyId, kind: JOB_FETCH_INBOUND_MEDIA, payload: { messageId: opts.messageId } });
}

/** What a worker needs to send one message; null when there is nothing (left) to send. */
async function prepareSend(deps: TDeps, job: TJob) {
  const companyId = job.companyId!;
  const messageId = Number(job.payload.messageId);
  return runWithLiveEvents({
    deps,
    scope: { companyId },
    fn: async (tx, emit) => {
      const m = await repo.findMessage(tx, { companyId, id: messageId });
      if (!m || !['SENDING', 'scheduled'].includes(m.status) || m.providerMessageId) {
        await completeJob(tx, job.id);
        return null;
      }
      const company = await loadCompany(tx, companyId);
      let customer = (await customersRepo.findCustomer(tx, { companyId, ownerId: null, id: m.customerId }))!;
      // Automated and group sends wait for the recipient's sending window; an agent's reply in a live
      // conversation is never held.
      if (m.sender === 'system' || m.groupMessageId !== null) {
        const ocs = company.ocs as { quietHoursStart?: string | null; quietHoursEnd?: string | null };
        const next = nextSendingTime({ now: new Date(), timeZone: customer.timezone ?? company.timezone, start: ocs.quietHoursStart, end: ocs.quietHoursEnd });
        if (next && deps.config.quietHours) {
          await rescheduleJob(tx, { jobId: job.id, runAt: next, error: 'held for quiet hours' });
          return 'rescheduled' as const;
        }
      }
      let row = m;
      if (m.status === 'scheduled') {
        // Its time has come: the rules are checked again now, not when it was written.
        const blocked = blockReason(company, customer, m.type);
        row = (await repo.updateMessage(tx, { companyId, id: m.id, values: { status: blocked ? 'blocked' : 'SENDING', errorMessage: blocked } }))!;
        customer = (await customersRepo.updateCustomer(tx, {
          companyId,
          id: customer.id,
          values: { bumpedAt: new Date(), lastMessage: lastMessageOf(row, false) },
        }))!;
        emit([
          messageEvent(deps, customer, row, 'updated', { changes: ['status'] }),
          customerEvent(customer, 'updated', { changes: ['bumpedAt', 'lastMessage'] }),
        ]);
        if (blocked) {
          await completeJob(tx, job.id);
          return null;
        }
      } else {
        const blocked = blockReason(company, customer, m.type);
        if (blocked) {
          row = (await repo.updateMessage(tx, { companyId, id: m.id, values: { status: 'blocked', errorMessage: blocked } }))!;
          emit([messageEvent(deps, customer, row, 'updated', { changes: ['status'] })]);
          await completeJob(tx, job.id);
          return null;
        }
      }
      const attachments = await repo.listAttachments(tx, { companyId, messageIds: [m.id] });
      const media = attachments.map((a) => ({
        url: signedMediaUrl({ config: deps.config, row: a, absolute: true, ttlSeconds: 24 * 3600 })!,
        mimeType: a.mimeType,
        fileName: a.originalFileName,
        size: a.size,
      }));
      const outbound: TOutboundMessage = {
        company,
        messageId: m.id,
        type: m.type,
        to: { phone: customer.phone, viberUserId: customer.viberUserId },
        body: m.content ?? '',
        mediaUrls: media.map((x) => x.url),
        media,
      };
      return { message: row, outbound, attachments };
    },
  });
}

async function finishSend(
  deps: TDeps,
  job: TJob,
  opts: { message: TMessageRow; attachments: TMediaRow[]; values: Partial<TMessageRow>; then?: (tx: TTx) => Promise<void> },
) {
  const companyId = opts.message.companyId;
  await runWithLiveEvents({
    deps,
    scope: { companyId },
    fn: async (tx, emit) => {
      // A status callback may have landed between the provider's answer and this commit: never move back.
      const current = await repo.findMessage(tx, { companyId, id: opts.message.id });
      const values = { ...opts.values };
      if (
        current &&
        values.status &&
        STATUS_RANK[current.status as TMessageStatus] > STATUS_RANK[values.status as TMessageStatus] &&
        values.status !== 'FAILED'
      )
        values.status = current.status;
      const row = (await repo.updateMessage(tx, { companyId, id: opts.message.id, values }))!;
      await completeJob(tx, job.id);
      await opts.then?.(tx);
      const customer = await customersRepo.findCustomer(tx, { companyId, ownerId: null, id: row.customerId });
      if (customer) emit([messageEvent(deps, customer, row, 'updated', { attachments: opts.attachments, changes: ['status'] })]);
    },
  });
}

/**
 * Sends one message. The attempt is stamped (and committed) before the provider call; if a worker dies after the
 * call but before recording its result, the next run asks the provider whether it already has the message and
 * adopts it instead of sending again. Nothing is lost (the job stays until it completes) and nothing is doubled.
 */
export function createSendMessageHandler(deps: TDeps): TJobHandler {
  return async ({ job }) => {
    const prepared = await prepareSend(deps, job);
    if (prepared === 'rescheduled') return 'rescheduled';
    if (!prepared) return;
    const { message, outbound, attachments } = prepared;
    const adapter = deps.channels[message.channel as TChannel];
    if (!adapter) {
      await finishSend(deps, job, { message, attachments, values: { status: 'FAILED', errorMessage: `Channel ${message.channel} is not available.` } });
      return;
    }
    const afterSend = (result: { providerMessageId: string; status: TMessageStatus }) =>
      finishSend(deps, job, {
        message,
        attachments,
        values: { providerMessageId: result.providerMessageId, status: result.status, sentAt: new Date(), attemptStartedAt: null },
        then:
          message.channel === 'simulator'
            ? (tx) =>
                enqueueJob(tx, {
                  companyId: message.companyId,
                  kind: JOB_SIMULATOR_STATUS,
                  payload: { messageId: message.id, providerMessageId: result.providerMessageId, status: 'DELIVERED' },
                  runAt: new Date(Date.now() + SIMULATOR_DELIVERY_MS),
                }).then(() => undefined)
            : undefined,
      });

    if (message.attemptStartedAt) {
      const found = await adapter.findSent({ ...outbound, attemptStartedAt: message.attemptStartedAt });
      if (found) return afterSend(found);
    }
    await runInScope(deps.db, { companyId: message.companyId }, (tx) =>
      repo.updateMessage(tx, { companyId: message.companyId, id: message.id, values: { attemptStartedAt: new Date(), attempt: message.attempt + 1 } }),
    );
    try {
      const result = await adapter.send(outbound);
      await afterSend(result);
    } catch (err) {
      if (!(err instanceof ChannelSendError)) throw err;
      const lastAttempt = job.attempts >= SEND_ATTEMPTS;
      if (err.opts.permanent || lastAttempt) {
        await finishSend(deps, job, {
          message,
          attachments,
          values: { status: 'FAILED', errorCode: err.opts.code ?? null, errorMessage: err.message.slice(0, 500), attemptStartedAt: null },
        });
        return;
      }
      // A refused request certainly did not go out; only an unanswered one needs reconciling on the next try.
      if (!err.opts.outcomeUnknown)
        await runInScope(deps.db, { companyId: message.companyId }, (tx) =>
          repo.updateMessage(tx, { companyId: message.companyId, id: message.id, values: { attemptStartedAt: null } }),
        );
      throw err;
    }
  };
}

export function createMessageJobHandlers(opts: { deps: TDeps }): Record<string, TJobHandler> {
  const { deps } = opts;
  return {
    [JOB_SEND_MESSAGE]: createSendMessageHandler(deps),
    [JOB_SIMULATOR_STATUS]: async ({ job }) => {
      await applyProviderStatus({
        deps,
        companyId: job.companyId!,
        channel: 'simulator',
        messageId: Number(job.payload.messageId),
        providerMessageId: String(job.payload.providerMessageId),
        status: job.payload.status as TMessageStatus,
      });
    },
    [JOB_FETCH_INBOUND_MEDIA]: createFetchInboundMediaHandler(deps),
  };
}

/** Attaches fetched inbound media to its message and tells subscribers. */
export async function attachInboundMedia(opts: { deps: TDeps; companyId: number; messageId: number; mediaIds: number[] }) {
  const { deps, companyId, messageId } = opts;
  await runWithLiveEvents({
    deps,
    scope: { companyId },
    fn: async (tx, emit) => {
      const m = await repo.findMessage(tx, { companyId, id: messageId });
      if (!m) return;
      await repo.linkAttachments(tx, { companyId, messageId, mediaIds: opts.mediaIds });
      const row = (await repo.updateMessage(tx, { companyId, id: messageId, values: { pendingMedia: null } }))!;
      const attachments = await repo.listAttachments(tx, { companyId, messageIds: [messageId] });
      const customer = await customersRepo.findCustomer(tx, { companyId, ownerId: null, id: m.customerId });
      if (customer) emit([messageEvent(deps, customer, row, 'updated', { attachments, changes: ['attachments'] })]);
    },
  });
}

/** Downloads an inbound message's media through its channel (only from the provider) and attaches it. */
function createFetchInboundMediaHandler(deps: TDeps): TJobHandler {
  return async ({ job }) => {
    const companyId = job.companyId!;
    const messageId = Number(job.payload.messageId);
    const found = await runInScope(deps.db, { companyId }, async (tx) => {
      const m = await repo.findMessage(tx, { companyId, id: messageId });
      const company = await findCompany(tx, companyId);
      return m && company ? { message: m, company } : null;
    });
    if (!found?.message.pendingMedia?.length) return;
    const adapter = deps.channels[found.message.channel as TChannel];
    if (!adapter?.downloadMedia) throw new Error(`channel ${found.message.channel} cannot download media`);
    const mediaIds: number[] = [];
    let budget = deps.config.attachmentLimitBytes;
    for (const [i, item] of found.message.pendingMedia.entries()) {
      const { contentType, data } = await adapter.downloadMedia({ company: found.company, ref: item.url, maxBytes: budget });
      budget -= data.length;
      const row = await saveMediaFromBuffer({
        deps,
        companyId,
        userId: null,
        file: { filename: `media-${messageId}-${i + 1}`, mimetype: contentType || item.contentType, buffer: data },
        acceptedTypes: 'any',
        maxBytes: data.length + 1,
      });
      mediaIds.push(row.id);
    }
    await attachInboundMedia({ deps, companyId, messageId, mediaIds });
  };
}
