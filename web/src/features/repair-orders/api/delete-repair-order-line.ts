import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** DELETE /api/repair_order_lines/{id}. */
export function deleteRepairOrderLine(input: { id: number }): Promise<void> {
  return api.request<void>(`/api/repair_order_lines/${input.id}`, { method: 'DELETE', silent: [409, 422] });
}

export function useDeleteRepairOrderLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRepairOrderLine,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: repairOrderKeys.all }),
  });
}
