import type { TChannel } from '@cd/contracts/customer';
import { STATUS_RANK, type TMessageStatus } from '@cd/contracts/message';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import * as customersRepo from '../customers/customers.api';
import { messageEvent, type TMessagesDeps } from './message-rules';
import * as repo from './messages.repository';

/** Provider status callbacks move a message forward only (they may arrive out of order). */
export async function applyProviderStatus(opts: {
  deps: TMessagesDeps;
  companyId: number;
  channel: TChannel;
  messageId?: number;
  providerMessageId: string;
  status: TMessageStatus;
  errorCode?: string | null;
  errorMessage?: string | null;
}): Promise<{ applied: boolean; found: boolean }> {
  const { deps } = opts;
  return runWithLiveEvents({
    deps,
    scope: { companyId: opts.companyId },
    fn: async (tx, emit) => {
      let m = opts.messageId ? await repo.findMessage(tx, { companyId: opts.companyId, id: opts.messageId }) : undefined;
      if (m && m.providerMessageId && m.providerMessageId !== opts.providerMessageId) m = undefined;
      m ??= await repo.findMessageByProviderId(tx, { companyId: opts.companyId, channel: opts.channel, providerMessageId: opts.providerMessageId });
      if (!m || m.direction !== 'OUTBOUND') return { applied: false, found: !!m };
      const current = m.status as TMessageStatus;
      if (current === 'blocked' || current === 'scheduled' || STATUS_RANK[opts.status] <= STATUS_RANK[current]) return { applied: false, found: true };
      const failed = opts.status === 'FAILED' || opts.status === 'UNDELIVERED';
      const row = (await repo.updateMessage(tx, {
        companyId: opts.companyId,
        id: m.id,
        values: {
          status: opts.status,
          providerMessageId: m.providerMessageId ?? opts.providerMessageId,
          sentAt: m.sentAt ?? (opts.status === 'SENT' || opts.status === 'DELIVERED' ? new Date() : null),
          ...(failed ? { errorCode: opts.errorCode ?? null, errorMessage: opts.errorMessage ?? null } : {}),
        },
      }))!;
      const customer = await customersRepo.findCustomer(tx, { companyId: opts.companyId, ownerId: null, id: m.customerId });
      if (customer) {
        const attachments = await repo.listAttachments(tx, { companyId: opts.companyId, messageIds: [m.id] });
        emit([messageEvent(deps, customer, row, 'updated', { attachments, changes: ['status'] })]);
      }
      return { applied: true, found: true };
    },
  });
}
