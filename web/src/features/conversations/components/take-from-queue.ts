import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { ApiError, describeError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { toastError, toastSuccess } from '../../../lib/toast';
import { refreshAfterTake, takeConversation } from '../api/take-conversation';

/**
 * Take from the inbox's unassigned queue (issue 21). Loaded on first use, so the inbox's first screen does not carry
 * it (the inbox has a hard bundle ceiling). A lost race (409) says who was faster.
 */
export async function takeFromQueue(opts: { customerId: number; queryClient: QueryClient; t: TFunction; onTaken: () => void }): Promise<void> {
  try {
    await takeConversation(opts.customerId);
    toastSuccess(opts.t('routing_taken'));
    opts.onTaken();
  } catch (err) {
    toastError(err instanceof ApiError ? describeError(err.body, translateMessage) : opts.t('routing_save_failed'));
  } finally {
    await refreshAfterTake(opts.queryClient, opts.customerId);
  }
}
