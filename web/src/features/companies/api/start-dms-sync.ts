import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDmsSyncRequest, TDmsSyncStarted } from '@cd/contracts/dms-sync';
import { api } from '../../../lib/api';
import { dmsSyncRunsQueryKey } from './get-dms-sync-runs';

/**
 * POST /api/dms/sync (company admins, super admins): start a repair-order import, or get the one already running.
 * 409 and 422 are the server's refusals (link off, no vendor login here): the import box says them in words itself.
 */
export function startDmsSync(input: TDmsSyncRequest): Promise<TDmsSyncStarted> {
  return api.request<TDmsSyncStarted>('/api/dms/sync', { method: 'POST', body: input, silent: [409, 422] });
}

export function useStartDmsSync(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startDmsSync({ companyId }),
    // The new (or running) run goes to the top of the list, which then polls until it ends.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dmsSyncRunsQueryKey(companyId) }),
  });
}
