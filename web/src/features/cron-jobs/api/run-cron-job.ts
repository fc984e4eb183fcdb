import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCronRun } from '@cd/contracts/cron-jobs';
import { api } from '../../../lib/api';
import { cronJobsKeys } from './query-keys';

/**
 * POST /api/cron_jobs/{name}/run: starts a run now (202 with the run, outcome `running`); 409 while one runs or the
 * job is disabled, which the page shows in the server's words.
 */
export function useRunCronJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string }) =>
      api.request<TCronRun>(`/api/cron_jobs/${encodeURIComponent(input.name)}/run`, { method: 'POST', body: {}, silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cronJobsKeys.all }),
  });
}
