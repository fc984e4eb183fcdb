import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApiKeyCreate, TApiKeyCreated } from '@cd/contracts/api-keys';
import { api } from '../../../lib/api';
import { apiKeysKeys } from './query-keys';

/** POST /api/api_keys: answers the key with its secret, the only time it is shown. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TApiKeyCreate) => api.request<TApiKeyCreated>('/api/api_keys', { method: 'POST', body, silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.all }),
  });
}
