import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRepairOrderLine, TRepairOrderLineCreate } from '@cd/contracts/repair-order-line';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** POST /api/repair_order_lines; `fromRecommendation` takes up a deferred recommendation of the order's vehicle. */
export function createRepairOrderLine(body: TRepairOrderLineCreate): Promise<TRepairOrderLine> {
  return api.request<TRepairOrderLine>('/api/repair_order_lines', { method: 'POST', body, silent: [422] });
}

export function useCreateRepairOrderLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRepairOrderLine,
    onSuccess: (_line, body) => {
      void queryClient.invalidateQueries({ queryKey: repairOrderKeys.all });
      if (body.fromRecommendation) void queryClient.invalidateQueries({ queryKey: repairOrderKeys.vehiclesAll });
    },
  });
}
