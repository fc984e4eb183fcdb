import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TWebhookRequest } from '@cd/contracts/dev-logs';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';
import { webhookLogQueryOf, writeWebhookLogSearch, type TWebhookLogSearch } from '../lib/dev-search';
import { webhookRequestsQueryKey } from './query-keys';

/**
 * GET /api/development/webhook_requests (super admins): incoming webhooks, newest first. Older pages follow the server's
 * `view.next` link (keyset on createdAt + id), never an offset.
 */
export function fetchWebhookRequests(opts: {
  search: TWebhookLogSearch;
  next: string | null;
  signal?: AbortSignal;
}): Promise<THydraCollection<TWebhookRequest>> {
  if (opts.next) return api.request<THydraCollection<TWebhookRequest>>(opts.next, { signal: opts.signal });
  return api.request<THydraCollection<TWebhookRequest>>('/api/development/webhook_requests', { query: webhookLogQueryOf(opts.search), signal: opts.signal });
}

/** The list's key: the filters only (the open row does not change the list). */
const listKeyOf = (search: TWebhookLogSearch) => writeWebhookLogSearch({ ...search, open: null }).toString();

export function webhookRequestsQueryOptions(search: TWebhookLogSearch) {
  return infiniteQueryOptions({
    queryKey: [...webhookRequestsQueryKey, 'list', listKeyOf(search)],
    queryFn: ({ pageParam, signal }) => fetchWebhookRequests({ search, next: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.view?.next ?? undefined,
  });
}

export function useWebhookRequests(search: TWebhookLogSearch) {
  return useInfiniteQuery(webhookRequestsQueryOptions(search));
}

/** Live tail: the newest page alone, asked again every `intervalMs` while the tab is visible (paused when hidden). */
export function useWebhookRequestsTail(opts: { search: TWebhookLogSearch; enabled: boolean; intervalMs: number }) {
  return useQuery({
    queryKey: [...webhookRequestsQueryKey, 'tail', listKeyOf(opts.search)],
    queryFn: ({ signal }) => fetchWebhookRequests({ search: opts.search, next: null, signal }),
    enabled: opts.enabled,
    refetchInterval: opts.enabled ? opts.intervalMs : false,
    refetchIntervalInBackground: false,
  });
}
