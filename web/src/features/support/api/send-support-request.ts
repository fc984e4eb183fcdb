import { useMutation } from '@tanstack/react-query';
import type { TSupportRequest } from '@cd/contracts/support';
import { api } from '../../../lib/api';

/** POST /api/support: 202 {reference}; 422 when not configured or a field is wrong, 429 past 5 an hour (the form says so). */
export function useSendSupportRequest() {
  return useMutation({
    mutationFn: (body: TSupportRequest) => api.request<{ reference: string }>('/api/support', { method: 'POST', body, silent: true }),
  });
}
