import { useMutation } from '@tanstack/react-query';
import type { TServiceWritersSync } from '@cd/contracts/integrations';
import { api } from '../../../lib/api';

/** POST /api/dms/service_writers_sync (vendor A, super admins). Errors (e.g. no DMS connection) toast the server's words. */
export function syncServiceWriters(input: TServiceWritersSync): Promise<unknown> {
  return api.request<unknown>('/api/dms/service_writers_sync', { method: 'POST', body: input });
}

export function useSyncServiceWriters() {
  return useMutation({ mutationFn: syncServiceWriters });
}
