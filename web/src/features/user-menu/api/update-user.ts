import { useMutation } from '@tanstack/react-query';
import type { TUser, TUserPatchInput } from '@cd/contracts/user';
import { api } from '../../../lib/api';

/**
 * PATCH /api/users/{id} (merge-patch): away state, profile fields, password, notification settings, theme.
 * `silent` lists the statuses the dialog reports itself (its own toasts, violations on the fields).
 */
export function updateUser(opts: { id: number; patch: TUserPatchInput; silent?: boolean | readonly number[] }): Promise<TUser> {
  return api.request<TUser>(`/api/users/${opts.id}`, { method: 'PATCH', body: opts.patch, silent: opts.silent });
}

export function useUpdateUser() {
  return useMutation({ mutationFn: updateUser });
}
