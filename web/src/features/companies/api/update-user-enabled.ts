import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUser } from '@cd/contracts/user';
import { api } from '../../../lib/api';
import { companyUsersKey, usersQueryOptions } from './get-users';

/** PATCH /api/users/{id}/enabled {enabled}. A disabled user is signed out everywhere by the server. */
export function updateUserEnabled(input: { companyId: number; id: number; enabled: boolean }): Promise<TUser> {
  return api.request<TUser>(`/api/users/${input.id}/enabled`, { method: 'PATCH', body: { enabled: input.enabled } });
}

export function useUpdateUserEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserEnabled,
    onSuccess: (user, { companyId }) => {
      queryClient.setQueryData(usersQueryOptions(companyId).queryKey, (old) => old?.map((u) => (u.id === user.id ? user : u)));
      // The default customer user picker lists enabled users only.
      return queryClient.invalidateQueries({ queryKey: companyUsersKey(companyId), exact: true });
    },
  });
}
