import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TMessageTemplate } from '@cd/contracts/message';
import { api } from '../../../lib/api';
import { conversationKeys } from './query-keys';

/** GET /api/message_templates (all of them: pagination=false). */
export async function fetchMessageTemplates(signal?: AbortSignal): Promise<TMessageTemplate[]> {
  const body = await api.request<THydraCollection<TMessageTemplate> | TMessageTemplate[]>('/api/message_templates', {
    query: { pagination: 'false' },
    signal,
  });
  return Array.isArray(body) ? body : (body?.member ?? []);
}

export function messageTemplatesQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: conversationKeys.templates, queryFn: ({ signal }) => fetchMessageTemplates(signal), enabled, staleTime: 60_000 });
}

export function useMessageTemplates(enabled: boolean) {
  return useQuery(messageTemplatesQueryOptions(enabled));
}
