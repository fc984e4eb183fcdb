import type { TChannel } from '@cd/contracts/customer';
import type { TMessageStatus } from '@cd/contracts/message';
import { runInScope, type TTx } from '../../db/client';
import { enqueueJob, enqueueJobs, type TAnyBatchJobHandler, type TJobHandler } from '../../jobs/outbox';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { findCompany } from '../companies/companies.api';
import * as customersRepo from '../customers/customers.api';
import { saveMediaFromBuffer } from '../media/media.service';
import { messageEvent, type TMessagesDeps } from './message-rules';
import { createSendMessageBatchHandler, JOB_SEND_MESSAGE, JOB_SIMULATOR_STATUS } from './messages-send.jobs';
import { applyProviderStatus } from './messages-status.service';
import * as repo from './messages.repository';

type TDeps = TMessagesDeps;

/** Jobs this module runs through the outbox (the send job is in messages-send.jobs.ts). */
export { JOB_SEND_MESSAGE, JOB_SIMULATOR_STATUS };
export const JOB_FETCH_INBOUND_MEDIA = 'fetch_inbound_media';

/** Queues the send of a stored outbound message (at `runAt` for a scheduled one), in the caller's transaction. */
export async function enqueueSendMessage(tx: TTx, opts: { companyId: number; messageId: number; runAt?: Date }): Promise<void> {
  await enqueueJob(tx, { companyId: opts.companyId, kind: JOB_SEND_MESSAGE, payload: { messageId: opts.messageId }, runAt: opts.runAt });
}

/** enqueueSendMessage for many messages of one company in one statement. */
export async function enqueueSendMessages(tx: TTx, opts: { companyId: number; sends: { messageId: number; runAt?: Date }[] }): Promise<void> {
  await enqueueJobs(
    tx,
    opts.sends.map((s) => ({ companyId: opts.companyId, kind: JOB_SEND_MESSAGE, payload: { messageId: s.messageId }, runAt: s.runAt })),
  );
}

/** Queues the download of an inbound message's media from its provider, in the caller's transaction. */
export async function enqueueFetchInboundMedia(tx: TTx, opts: { companyId: number; messageId: number }): Promise<void> {
  await enqueueJob(tx, { companyId: opts.companyId, kind: JOB_FETCH_INBOUND_MEDIA, payload: { messageId: opts.messageId } });
}

export function createMessageJobHandlers(opts: { deps: TDeps }): Record<string, TJobHandler> {
  const { deps } = opts;
  return {
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

/** Kinds this module works in batches (jobs/outbox.ts, TBatchJobHandler). */
export function createMessageBatchJobHandlers(opts: { deps: TDeps }): Record<string, TAnyBatchJobHandler> {
  return { [JOB_SEND_MESSAGE]: createSendMessageBatchHandler(opts.deps) };
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
