import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TRoutingDecision } from '@cd/contracts/routing';
import { api } from '../../../lib/api';

/** Under the customers prefix, so a change of the conversation refreshes it too. */
export const routingDecisionsKey = (customerId: number) => ['customers', 'routing_decisions', customerId] as const;

/** GET /api/routing/conversations/{id}/decisions: the newest 50 assignment decisions of a conversation (issue 21). */
export function fetchRoutingDecisions(opts: { customerId: number; signal?: AbortSignal }): Promise<THydraCollection<TRoutingDecision>> {
  return api.request<THydraCollection<TRoutingDecision>>(`/api/routing/conversations/${opts.customerId}/decisions`, { signal: opts.signal, silent: true });
}

export function routingDecisionsQueryOptions(customerId: number) {
  return queryOptions({ queryKey: routingDecisionsKey(customerId), queryFn: ({ signal }) => fetchRoutingDecisions({ customerId, signal }) });
}

export function useRoutingDecisions(customerId: number, opts: { enabled: boolean }) {
  return useQuery({ ...routingDecisionsQueryOptions(customerId), enabled: opts.enabled });
}
