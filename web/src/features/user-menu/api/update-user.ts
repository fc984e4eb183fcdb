import { useMutation } from '@tanstack/react-query';
import type { TUser, TUserPatchInput } from '@cd/contracts/user';
import { api } from '../../../lib/api';

/**
 * PATCH /api/users/{id} (merge-patch): away state, profile fields, password, notification settings, theme.
 * `silent` lists the statuses the dialog reports itself (its own toasts, violations on the fields).
 * `renewSession`: the signed-in user changed their own password, which retires their access token on the server
 * (other sessions end); fetch and store the fresh pair at once so the next request goes straight through.
 */
export async function updateUser(opts: { id: number; patch: TUserPatchInput; silent?: boolean | readonly number[]; renewSession?: boolean }): Promise<TUser> {
  const user = await api.request<TUser>(`/api/users/${opts.id}`, { method: 'PATCH', body: opts.patch, silent: opts.silent });
  if (opts.renewSession) await api.refreshOnce();
  return user;
}

export function useUpdateUser() {
  return useMutation({ mutationFn: updateUser });
}
