import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** POST /api/vehicles/{id}/send_vehicle_appraisal_message; a cooldown or missing text is refused (409/422). */
export function sendVehicleAppraisal(input: { id: number }): Promise<unknown> {
  return api.request<unknown>(`/api/vehicles/${input.id}/send_vehicle_appraisal_message`, { method: 'POST', body: {}, silent: [409, 422] });
}

export function useSendVehicleAppraisal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendVehicleAppraisal, onSuccess: () => void queryClient.invalidateQueries({ queryKey: repairOrderKeys.vehiclesAll }) });
}
