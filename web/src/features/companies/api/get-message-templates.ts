import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TMessageTemplate } from '@cd/contracts/message';
import { api } from '../../../lib/api';

/** Shares its first segment with the composer's template list, so a change here refreshes both. */
export const messageTemplatesQueryKey = ['message_templates', 'settings'] as const;

/** GET /api/message_templates?pagination=false: the signed-in user's company templates, oldest first as the server answers. */
export async function fetchMessageTemplates(signal?: AbortSignal): Promise<TMessageTemplate[]> {
  const body = await api.request<THydraCollection<TMessageTemplate>>('/api/message_templates', { query: { pagination: 'false' }, signal });
  return body.member;
}

export function messageTemplatesQueryOptions() {
  return queryOptions({ queryKey: messageTemplatesQueryKey, queryFn: ({ signal }) => fetchMessageTemplates(signal) });
}

export function useMessageTemplates(options: { enabled: boolean }) {
  return useQuery({ ...messageTemplatesQueryOptions(), enabled: options.enabled });
}
