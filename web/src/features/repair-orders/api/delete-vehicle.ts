import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** DELETE /api/vehicles/{id}; refused (409/422) while the vehicle has open orders: the caller shows the spec's message. */
export function deleteVehicle(input: { id: number }): Promise<void> {
  return api.request<void>(`/api/vehicles/${input.id}`, { method: 'DELETE', silent: [409, 422] });
}

export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteVehicle, onSuccess: () => void queryClient.invalidateQueries({ queryKey: repairOrderKeys.vehiclesAll }) });
}
