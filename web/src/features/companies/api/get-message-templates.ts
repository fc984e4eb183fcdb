import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TMessageTemplate } from '@cd/contracts/message';
import { api } from '../../../lib/api';

/** Shares its first segment with the composer's template list, so a change here refreshes both. */
export const messageTemplatesQueryKey = (companyId: number) => ['message_templates', 'settings', companyId] as const;

/**
 * GET /api/message_templates?company={id}&pagination=false: the company's templates, oldest first as the server
 * answers. Naming the company lets a super admin manage any company's templates from its settings screen.
 */
export async function fetchMessageTemplates(companyId: number, signal?: AbortSignal): Promise<TMessageTemplate[]> {
  const body = await api.request<THydraCollection<TMessageTemplate>>('/api/message_templates', {
    query: { company: companyId, pagination: 'false' },
    signal,
  });
  return body.member;
}

export function messageTemplatesQueryOptions(companyId: number) {
  return queryOptions({ queryKey: messageTemplatesQueryKey(companyId), queryFn: ({ signal }) => fetchMessageTemplates(companyId, signal) });
}

export function useMessageTemplates(companyId: number) {
  return useQuery(messageTemplatesQueryOptions(companyId));
}
