import type { QueryClient } from '@tanstack/react-query';
import type { TLiveEvent } from '@cd/contracts/live';
import { reportsKeys } from '../api/query-keys';

/**
 * Live report events (spec part 1 §4, issue 19): a report created, deleted, or moving pending → generating → ready |
 * failed elsewhere (a worker, another admin) refetches the lists, so a status chip changes while the user watches.
 * The server files them under `reports` (reports.presenter.ts).
 */
export function handleReportsLiveEvent(queryClient: QueryClient, event: Pick<TLiveEvent, 'entity'>): boolean {
  const entity = event.entity.split('.')[0] ?? '';
  if (entity !== 'reports') return false;
  void queryClient.invalidateQueries({ queryKey: reportsKeys.lists });
  return true;
}
