import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUser } from '@cd/contracts/user';
import { api } from '../../../lib/api';
import { companyUsersKey } from './get-users';

/** PUT /api/users/{id}/roles: the whole role list (the server keeps only roles the company makes available). */
export function setUserRoles(input: { companyId: number; id: number; roles: string[] }): Promise<TUser> {
  return api.request<TUser>(`/api/users/${input.id}/roles`, { method: 'PUT', body: { roles: input.roles }, silent: [422] });
}

export function useSetUserRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRoles,
    onSuccess: (_u, { companyId }) => queryClient.invalidateQueries({ queryKey: companyUsersKey(companyId) }),
  });
}
