import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReport } from '@cd/contracts/reports';
import { api } from '../../../lib/api';
import { reportsKeys } from './query-keys';

/** POST /api/reports. A 422's violations are shown on their fields by the creation screen. */
export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api.request<TReport>('/api/reports', { method: 'POST', body, silent: [400, 422] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKeys.all }),
  });
}
