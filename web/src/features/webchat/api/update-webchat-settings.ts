import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWebchatSettings, TWebchatSettingsPatch } from '@cd/contracts/webchat';
import { api } from '../../../lib/api';
import { webchatKeys } from './query-keys';

/** PATCH /api/webchat/settings (merge-patch); `rotateKey: true` issues a new widget key. */
export function useUpdateWebchatSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: TWebchatSettingsPatch) => api.request<TWebchatSettings>('/api/webchat/settings', { method: 'PATCH', body: patch, silent: true }),
    onSuccess: (data) => queryClient.setQueryData(webchatKeys.settings, data),
  });
}
