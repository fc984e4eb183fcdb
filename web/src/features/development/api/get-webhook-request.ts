import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWebhookRequestDetail } from '@cd/contracts/dev-logs';
import { api } from '../../../lib/api';
import { webhookRequestsQueryKey } from './query-keys';

/** GET /api/development/webhook_requests/{id} (super admins): the webhook with its redacted headers and body. */
export function fetchWebhookRequest(id: number, signal?: AbortSignal): Promise<TWebhookRequestDetail> {
  return api.request<TWebhookRequestDetail>(`/api/development/webhook_requests/${id}`, { signal, silent: [404] });
}

export function webhookRequestQueryOptions(id: number) {
  return queryOptions({ queryKey: [...webhookRequestsQueryKey, 'one', id], queryFn: ({ signal }) => fetchWebhookRequest(id, signal) });
}

export function useWebhookRequest(id: number | null) {
  return useQuery({ ...webhookRequestQueryOptions(id ?? 0), enabled: id !== null });
}
