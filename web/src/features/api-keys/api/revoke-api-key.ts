import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { apiKeysKeys } from './query-keys';

/** DELETE /api/api_keys/{id}: revokes the key at once (kept in the list as revoked). */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number }) => api.request<null>(`/api/api_keys/${input.id}`, { method: 'DELETE', silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.all }),
  });
}
