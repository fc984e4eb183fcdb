import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TMessageTemplate } from '@cd/contracts/message';
import { api } from '../lib/api';

/** Every template list starts with this key, so a write in the settings tab refreshes the composer's menu too. */
export const messageTemplatesKey = ['message_templates'] as const;

/** `companyId` null: the signed-in user's own company (the composer); a number: that company (settings, super admins). */
export const messageTemplatesQueryKey = (companyId: number | null) => [...messageTemplatesKey, companyId] as const;

/** GET /api/message_templates?pagination=false[&company=]: all of a company's templates, oldest first. */
export async function fetchMessageTemplates(opts: { companyId: number | null; signal?: AbortSignal }): Promise<TMessageTemplate[]> {
  const body = await api.request<THydraCollection<TMessageTemplate> | TMessageTemplate[]>('/api/message_templates', {
    query: { company: opts.companyId ?? undefined, pagination: 'false' },
    signal: opts.signal,
  });
  return Array.isArray(body) ? body : (body?.member ?? []);
}

export function messageTemplatesQueryOptions(companyId: number | null) {
  return queryOptions({
    queryKey: messageTemplatesQueryKey(companyId),
    queryFn: ({ signal }) => fetchMessageTemplates({ companyId, signal }),
    staleTime: 60_000,
  });
}

export function useMessageTemplates(opts: { companyId: number | null; enabled?: boolean }) {
  return useQuery({ ...messageTemplatesQueryOptions(opts.companyId), enabled: opts.enabled ?? true });
}
