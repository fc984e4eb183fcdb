import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TVehicle, TVehiclePatch } from '@cd/contracts/vehicle';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** PATCH /api/vehicles/{id} (merge-patch). */
export function updateVehicle(input: { id: number; patch: TVehiclePatch }): Promise<TVehicle> {
  return api.request<TVehicle>(`/api/vehicles/${input.id}`, { method: 'PATCH', body: input.patch, silent: [422] });
}

export function useUpdateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateVehicle, onSuccess: () => void queryClient.invalidateQueries({ queryKey: repairOrderKeys.vehiclesAll }) });
}
