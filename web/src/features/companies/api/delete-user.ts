import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { companyUsersKey } from './get-users';

/** DELETE /api/users/{id}?transferTo={userId}: the receiving user takes over the deleted user's customers. */
export function deleteUser(input: { companyId: number; id: number; transferTo: number }): Promise<void> {
  return api.request<void>(`/api/users/${input.id}`, { method: 'DELETE', query: { transferTo: input.transferTo }, silent: [422] });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_r, { companyId }) => queryClient.invalidateQueries({ queryKey: companyUsersKey(companyId) }),
  });
}
