import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRepairOrder, TRepairOrderCreate } from '@cd/contracts/repair-order';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** POST /api/repair_orders. 422 (number taken, bad fields) goes to the form. */
export function createRepairOrder(body: TRepairOrderCreate): Promise<TRepairOrder> {
  return api.request<TRepairOrder>('/api/repair_orders', { method: 'POST', body, silent: [422] });
}

export function useCreateRepairOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRepairOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(repairOrderKeys.detail(order.id), order);
      void queryClient.invalidateQueries({ queryKey: repairOrderKeys.lists });
      void queryClient.invalidateQueries({ queryKey: repairOrderKeys.vehiclesAll });
    },
  });
}
