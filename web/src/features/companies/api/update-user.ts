import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUser } from '@cd/contracts/user';
import { api } from '../../../lib/api';
import type { TUserFields } from '../lib/user-form';
import { companyUsersKey } from './get-users';

/** PATCH /api/users/{id} (merge-patch, changed fields only); 422 lands on the dialog's fields. */
export function updateUser(input: { companyId: number; id: number; patch: Partial<TUserFields> }): Promise<TUser> {
  return api.request<TUser>(`/api/users/${input.id}`, { method: 'PATCH', body: input.patch, silent: [422] });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (_u, { companyId }) => queryClient.invalidateQueries({ queryKey: companyUsersKey(companyId) }),
  });
}
