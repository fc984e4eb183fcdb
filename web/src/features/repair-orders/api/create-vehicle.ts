import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TVehicle, TVehicleCreate } from '@cd/contracts/vehicle';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** POST /api/vehicles. 422 (VIN taken or invalid) goes to the form. */
export function createVehicle(body: TVehicleCreate): Promise<TVehicle> {
  return api.request<TVehicle>('/api/vehicles', { method: 'POST', body, silent: [422] });
}

export function useCreateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createVehicle, onSuccess: () => void queryClient.invalidateQueries({ queryKey: repairOrderKeys.vehiclesAll }) });
}
