import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TRoutingRule } from '@cd/contracts/routing';
import { api } from '../../../lib/api';
import { routingKeys } from './query-keys';

/** PUT /api/routing/rule_order {ids}: the new order shows at once and rolls back when refused. */
export function useReorderRoutingRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.request<THydraCollection<TRoutingRule>>('/api/routing/rule_order', { method: 'PUT', body: { ids }, silent: true }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: routingKeys.rules });
      const before = queryClient.getQueryData<THydraCollection<TRoutingRule>>(routingKeys.rules);
      if (before) {
        const byId = new Map(before.member.map((r) => [r.id, r]));
        queryClient.setQueryData(routingKeys.rules, { ...before, member: ids.map((id) => byId.get(id)!).filter(Boolean) });
      }
      return { before };
    },
    onError: (_err, _ids, context) => {
      if (context?.before) queryClient.setQueryData(routingKeys.rules, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: routingKeys.rules }),
  });
}
