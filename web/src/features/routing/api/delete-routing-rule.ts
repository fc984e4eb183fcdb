import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { routingKeys } from './query-keys';

/** DELETE /api/routing/rules/{id}. */
export function useDeleteRoutingRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request<null>(`/api/routing/rules/${id}`, { method: 'DELETE', silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: routingKeys.rules }),
  });
}
