import type { QueryClient } from '@tanstack/react-query';
import type { TLiveEvent } from '@cd/contracts/live';
import { cronJobsKeys } from '../api/query-keys';

/**
 * Live scheduled-job events (super-admin topic, issue 20): a run starting or ending anywhere (a worker's slot, another
 * admin's "run now") refetches the jobs and their histories, so outcomes change while the operator watches.
 */
export function handleCronJobsLiveEvent(queryClient: QueryClient, event: Pick<TLiveEvent, 'entity'>): boolean {
  const entity = event.entity.split('.')[0] ?? '';
  if (entity !== 'cron_job') return false;
  void queryClient.invalidateQueries({ queryKey: cronJobsKeys.all });
  return true;
}
