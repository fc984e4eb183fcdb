import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRepairOrderLine, TRepairOrderLinePatch } from '@cd/contracts/repair-order-line';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** PATCH /api/repair_order_lines/{id} (merge-patch). */
export function updateRepairOrderLine(input: { id: number; patch: TRepairOrderLinePatch }): Promise<TRepairOrderLine> {
  return api.request<TRepairOrderLine>(`/api/repair_order_lines/${input.id}`, { method: 'PATCH', body: input.patch, silent: [422] });
}

export function useUpdateRepairOrderLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRepairOrderLine,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: repairOrderKeys.all }),
  });
}
