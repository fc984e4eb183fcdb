import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRepairOrder, TRepairOrderPatch } from '@cd/contracts/repair-order';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** PATCH /api/repair_orders/{id} (merge-patch: changed fields only). */
export function updateRepairOrder(input: { id: number; patch: TRepairOrderPatch }): Promise<TRepairOrder> {
  return api.request<TRepairOrder>(`/api/repair_orders/${input.id}`, { method: 'PATCH', body: input.patch, silent: [422] });
}

export function useUpdateRepairOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRepairOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(repairOrderKeys.detail(order.id), order);
      void queryClient.invalidateQueries({ queryKey: repairOrderKeys.lists });
    },
  });
}
