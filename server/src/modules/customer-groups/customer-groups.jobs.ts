import type { TAppDeps } from '../../context';
import type { TTx } from '../../db/client';
import { enqueueJob, rescheduleJob, type TJobHandler } from '../../jobs/outbox';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { findCompany } from '../companies/companies.api';
import { blockReason, JOB_SEND_MESSAGE, resolveChannel } from '../messages/messages.api';
import { groupMessageEvent } from './customer-groups.presenter';
import * as repo from './customer-groups.repository';

export const JOB_EXPAND_GROUP_MESSAGE = 'expand_group_message';
/** Recipients created per transaction: small enough to keep other requests flowing, large enough to be fast. */
const EXPAND_BATCH = 500;

type TDeps = Pick<TAppDeps, 'config' | 'db' | 'live' | 'channels' | 'jobs'>;

/** Queues the expansion of a group message into one message per member (at `runAt` for a scheduled one). */
export async function enqueueExpandGroupMessage(
  tx: TTx,
  opts: { companyId: number; groupMessageId: number; ownerId: number | null; runAt?: Date },
): Promise<void> {
  await enqueueJob(tx, {
    companyId: opts.companyId,
    kind: JOB_EXPAND_GROUP_MESSAGE,
    payload: { groupMessageId: opts.groupMessageId, ownerId: opts.ownerId },
    runAt: opts.runAt,
  });
}

/**
 * Creates one message per recipient, batch by batch, each batch with its send jobs in one transaction.
 * Opted-out and unreachable recipients get a `blocked` message (reported as skipped). A crash mid-way resumes
 * after the last recipient done; the unique (group message, customer) key makes every recipient exactly once.
 */
export function createExpandGroupMessageHandler(deps: TDeps): TJobHandler {
  return async ({ job }) => {
    const companyId = job.companyId!;
    const groupMessageId = Number(job.payload.groupMessageId);
    const ownerId = job.payload.ownerId === null || job.payload.ownerId === undefined ? null : Number(job.payload.ownerId);
    for (;;) {
      const outcome = await runWithLiveEvents({
        deps,
        scope: { companyId },
        fn: async (tx, emit) => {
          const gm = await repo.findGroupMessage(tx, { companyId, id: groupMessageId });
          if (!gm || gm.status === 'sent' || gm.groupId === null) return 'done' as const;
          if (gm.status === 'scheduled' && gm.scheduledAt && gm.scheduledAt.getTime() > Date.now()) {
            await rescheduleJob(tx, { jobId: job.id, runAt: gm.scheduledAt });
            return 'rescheduled' as const;
          }
          const company = (await findCompany(tx, companyId))!;
          const afterId = await repo.lastRecipientCustomerId(tx, { companyId, groupMessageId });
          const members = await repo.listMembers(tx, { companyId, ownerId, groupId: gm.groupId, afterId, limit: EXPAND_BATCH });
          if (!members.length) {
            const row = (await repo.updateGroupMessage(tx, { companyId, id: gm.id, values: { status: 'sent', expandedAt: new Date() } }))!;
            const stats = await repo.countRecipientStatuses(tx, { companyId, groupMessageIds: [gm.id] });
            emit([groupMessageEvent(row, stats.get(gm.id) ?? {}, 'updated')]);
            return 'done' as const;
          }
          const rows = members.map((c) => {
            let channel: string;
            try {
              channel = resolveChannel(deps, company, c);
            } catch {
              // Recorded on the channel it would have used, so the thread shows why nothing went out.
              return {
                customerId: c.id,
                channel: c.preferredChannel ?? 'sms_provider',
                status: 'blocked',
                errorMessage: 'This customer has no valid communication channel.',
              };
            }
            const blocked = blockReason(company, c, 'STANDARD');
            return { customerId: c.id, channel, status: blocked ? 'blocked' : 'SENDING', errorMessage: blocked };
          });
          const inserted = await repo.insertRecipientMessages(tx, { companyId, groupMessageId, userId: gm.userId, content: gm.content, rows });
          const sending = inserted.filter((m) => m.status === 'SENDING').map((m) => m.id);
          await repo.enqueueSendJobs(tx, { companyId, kind: JOB_SEND_MESSAGE, messageIds: sending });
          const mediaIds = await repo.listGroupAttachmentIds(tx, { companyId, groupMessageId });
          await repo.linkAttachmentsToMessages(tx, { companyId, messageIds: inserted.map((m) => m.id), mediaIds });
          const row = (await repo.updateGroupMessage(tx, {
            companyId,
            id: gm.id,
            values: {
              status: 'sending',
              recipientsTotal: gm.recipientsTotal + inserted.length,
              recipientsSkipped: gm.recipientsSkipped + (inserted.length - sending.length),
            },
          }))!;
          const stats = await repo.countRecipientStatuses(tx, { companyId, groupMessageIds: [gm.id] });
          emit([groupMessageEvent(row, stats.get(gm.id) ?? {}, 'updated')]);
          return 'more' as const;
        },
      });
      deps.jobs.wake();
      if (outcome === 'rescheduled') return 'rescheduled';
      if (outcome === 'done') return;
    }
  };
}

/** Jobs this module runs through the outbox; spread into the worker's handlers in app.ts. */
export function createCustomerGroupJobHandlers(opts: { deps: TDeps }): Record<string, TJobHandler> {
  return { [JOB_EXPAND_GROUP_MESSAGE]: createExpandGroupMessageHandler(opts.deps) };
}
