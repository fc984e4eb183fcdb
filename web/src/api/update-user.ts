import { useMutation } from '@tanstack/react-query';
import type { TUser, TUserPatchInput } from '@cd/contracts/user';
import { api } from '../lib/api';

export interface TUpdateUserInput {
  id: number;
  patch: TUserPatchInput;
  /** The statuses the caller reports itself (its own toasts, violations on the fields); `true`: all of them. */
  silent?: boolean | readonly number[];
  /**
   * The signed-in user changed their own password, which retires their access token on the server (other
   * sessions end): fetch and store the fresh pair at once so the next request goes straight through.
   */
  renewSession?: boolean;
}

/**
 * PATCH /api/users/{id} (merge-patch, changed fields only): an admin editing a user, the user's own profile,
 * away state and password, and the theme/language preferences.
 */
export async function updateUser(opts: TUpdateUserInput): Promise<TUser> {
  const user = await api.request<TUser>(`/api/users/${opts.id}`, { method: 'PATCH', body: opts.patch, silent: opts.silent });
  if (opts.renewSession) await api.refreshOnce();
  return user;
}

/** `onSuccess` lets a screen refresh the lists it shows; it runs even when the dialog closed meanwhile. */
export function useUpdateUser(opts: { onSuccess?: (user: TUser, input: TUpdateUserInput) => unknown } = {}) {
  return useMutation({ mutationFn: updateUser, onSuccess: opts.onSuccess });
}
