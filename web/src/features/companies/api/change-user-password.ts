import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** PUT /api/users/{id}/change_password {password}; 422 lands on the dialog's field. */
export function changeUserPassword(input: { id: number; password: string }): Promise<void> {
  return api.request<void>(`/api/users/${input.id}/change_password`, { method: 'PUT', body: { password: input.password }, silent: [422] });
}

export function useChangeUserPassword() {
  return useMutation({ mutationFn: changeUserPassword });
}
