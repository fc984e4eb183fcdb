import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMessage } from '@cd/contracts/message';
import { api } from '../../../lib/api';

export interface TSimulatedPhone {
  customerId: number;
  name: string;
  phone: string;
  /** Last 20, oldest first. */
  messages: TMessage[];
}

export const simulatorConversationsKey = ['simulator', 'conversations'] as const;

/** GET /api/simulator/conversations. */
export async function fetchSimulatorConversations(signal?: AbortSignal): Promise<TSimulatedPhone[]> {
  const body = await api.request<TSimulatedPhone[] | { member?: TSimulatedPhone[] }>('/api/simulator/conversations', { signal });
  return Array.isArray(body) ? body : (body?.member ?? []);
}

export function simulatorConversationsQueryOptions() {
  return queryOptions({ queryKey: simulatorConversationsKey, queryFn: ({ signal }) => fetchSimulatorConversations(signal) });
}

export function useSimulatorConversations() {
  return useQuery(simulatorConversationsQueryOptions());
}
