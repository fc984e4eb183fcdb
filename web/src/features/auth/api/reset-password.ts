import { useMutation } from '@tanstack/react-query';
import type { TResetPassword } from '@cd/contracts/auth';
import { api } from '../../../lib/api';

/** POST /api/forgot-password/{token} {password} → 204. */
export function resetPassword(token: string, body: TResetPassword): Promise<void> {
  return api.request<void>(`/api/forgot-password/${encodeURIComponent(token)}`, { method: 'POST', body, auth: false });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: (vars: { token: string; password: string }) => resetPassword(vars.token, { password: vars.password }) });
}
