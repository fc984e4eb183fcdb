import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TRoutingRule } from '@cd/contracts/routing';
import { api } from '../../../lib/api';
import { routingKeys } from './query-keys';

/** GET /api/routing/rules (company admins): the company's rules, first rule first (at most 50, unpaged). */
export function fetchRoutingRules(opts: { signal?: AbortSignal }): Promise<THydraCollection<TRoutingRule>> {
  return api.request<THydraCollection<TRoutingRule>>('/api/routing/rules', { signal: opts.signal, silent: true });
}

export function routingRulesQueryOptions() {
  return queryOptions({ queryKey: routingKeys.rules, queryFn: ({ signal }) => fetchRoutingRules({ signal }) });
}

export function useRoutingRules() {
  return useQuery(routingRulesQueryOptions());
}
