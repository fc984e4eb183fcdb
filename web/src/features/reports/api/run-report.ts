import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReport } from '@cd/contracts/reports';
import { api } from '../../../lib/api';
import { reportsKeys } from './query-keys';

/**
 * POST /api/reports/{id}/run: generate now (a one-time report again, or a new run of a recurring one). The answer is
 * the report being generated; its status then moves through live events, which refetch the list.
 */
export function useRunReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number }) => api.request<TReport>(`/api/reports/${input.id}/run`, { method: 'POST', body: {}, silent: [404, 409, 422] }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportsKeys.all }),
  });
}
