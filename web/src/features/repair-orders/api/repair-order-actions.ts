import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRepairOrder } from '@cd/contracts/repair-order';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** The four PUT /api/repair_orders/{id}/{action} calls; each answers the order as it is afterwards. */
export const REPAIR_ORDER_ACTIONS = ['close', 'send_vehicle_ready', 'send_approval_request', 'send_survey'] as const;
export type TRepairOrderAction = (typeof REPAIR_ORDER_ACTIONS)[number];

/** Silent on refusals (409 lines still open, survey not configured; 422): the caller words them (lib/action-messages). */
export function runRepairOrderAction(input: { id: number; action: TRepairOrderAction }): Promise<TRepairOrder> {
  return api.request<TRepairOrder>(`/api/repair_orders/${input.id}/${input.action}`, { method: 'PUT', body: {}, silent: [409, 422] });
}

export function useRepairOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runRepairOrderAction,
    onSuccess: (order) => {
      if (order && typeof order === 'object' && 'id' in order) queryClient.setQueryData(repairOrderKeys.detail(order.id), order);
      void queryClient.invalidateQueries({ queryKey: repairOrderKeys.lists });
      void queryClient.invalidateQueries({ queryKey: repairOrderKeys.automatedMessagesAll });
      void queryClient.invalidateQueries({ queryKey: repairOrderKeys.customerLinksAll });
    },
  });
}
