import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRoutingSettings, TRoutingSettingsPatch } from '@cd/contracts/routing';
import { api } from '../../../lib/api';
import { routingKeys } from './query-keys';

/** PATCH /api/routing/settings (merge-patch). */
export function useUpdateRoutingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: TRoutingSettingsPatch) => api.request<TRoutingSettings>('/api/routing/settings', { method: 'PATCH', body: patch, silent: true }),
    onSuccess: (data) => queryClient.setQueryData(routingKeys.settings, data),
  });
}
