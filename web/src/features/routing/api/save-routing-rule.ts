import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRoutingRule, TRoutingRuleCreate } from '@cd/contracts/routing';
import { api } from '../../../lib/api';
import { routingKeys } from './query-keys';

/** POST /api/routing/rules (no id) or PATCH /api/routing/rules/{id}. */
export function useSaveRoutingRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number | null; body: TRoutingRuleCreate }) =>
      input.id === null
        ? api.request<TRoutingRule>('/api/routing/rules', { method: 'POST', body: input.body, silent: true })
        : api.request<TRoutingRule>(`/api/routing/rules/${input.id}`, { method: 'PATCH', body: input.body, silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: routingKeys.rules }),
  });
}
