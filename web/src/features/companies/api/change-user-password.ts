import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * PUT /api/users/{id}/change_password {password}; 422 lands on the dialog's field. With `renewSession` (an admin
 * setting their own password) the retired access token is replaced at once by the session's fresh pair.
 */
export async function changeUserPassword(input: { id: number; password: string; renewSession?: boolean }): Promise<void> {
  await api.request<void>(`/api/users/${input.id}/change_password`, { method: 'PUT', body: { password: input.password }, silent: [422] });
  if (input.renewSession) await api.refreshOnce();
}

export function useChangeUserPassword() {
  return useMutation({ mutationFn: changeUserPassword });
}
