import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCronJob, TCronJobPatch } from '@cd/contracts/cron-jobs';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';
import { cronJobsKeys } from './query-keys';

/** PATCH /api/cron_jobs/{name} {enabled}: the switch flips at once and rolls back when the server refuses. */
export function useUpdateCronJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; patch: TCronJobPatch }) =>
      api.request<TCronJob>(`/api/cron_jobs/${encodeURIComponent(input.name)}`, { method: 'PATCH', body: input.patch, silent: true }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: cronJobsKeys.list });
      const before = queryClient.getQueryData<THydraCollection<TCronJob>>(cronJobsKeys.list);
      if (before)
        queryClient.setQueryData(cronJobsKeys.list, {
          ...before,
          member: before.member.map((j) => (j.name === input.name ? { ...j, ...input.patch } : j)),
        });
      return { before };
    },
    onError: (_err, _input, context) => {
      if (context?.before) queryClient.setQueryData(cronJobsKeys.list, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cronJobsKeys.list }),
  });
}
