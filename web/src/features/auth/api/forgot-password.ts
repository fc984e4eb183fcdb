import { useMutation } from '@tanstack/react-query';
import type { TForgotPassword } from '@cd/contracts/auth';
import { api } from '../../../lib/api';

/** POST /api/forgot-password answers 204 whatever the address (no account enumeration). */
export function requestPasswordReset(body: TForgotPassword): Promise<void> {
  return api.request<void>('/api/forgot-password', { method: 'POST', body, auth: false });
}

export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: requestPasswordReset });
}
