import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TInternalChatColleague } from '@cd/contracts/internal-chat';
import { api } from '../../../lib/api';
import { internalChatKeys } from './query-keys';

/** GET /api/internal_chat/colleagues: who the caller can chat with (the caller excluded). */
export async function fetchChatColleagues(signal?: AbortSignal): Promise<TInternalChatColleague[]> {
  const body = await api.request<THydraCollection<TInternalChatColleague>>('/api/internal_chat/colleagues', { signal, silent: true });
  return body?.member ?? [];
}

export function chatColleaguesQueryOptions(enabled = true) {
  return queryOptions({ queryKey: internalChatKeys.colleagues, queryFn: ({ signal }) => fetchChatColleagues(signal), staleTime: 5 * 60_000, enabled });
}

export function useChatColleagues(enabled = true) {
  return useQuery(chatColleaguesQueryOptions(enabled));
}
