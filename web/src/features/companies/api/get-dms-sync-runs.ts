import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDmsSyncRun } from '@cd/contracts/dms-sync';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';

export const dmsSyncRunsQueryKey = (companyId: number) => ['company', companyId, 'dms-sync-runs'] as const;

/** How often the list asks again while an import runs (imports take seconds to minutes). */
export const DMS_RUNS_POLL_MS = 4000;

/** The DMS tab shows only the latest few runs. */
export const DMS_RUNS_SHOWN = 5;

/** GET /api/dms/sync_runs?companyId=&kind=import: the company's latest imports, newest first. */
export async function fetchDmsSyncRuns(companyId: number, signal?: AbortSignal): Promise<TDmsSyncRun[]> {
  const body = await api.request<THydraCollection<TDmsSyncRun>>('/api/dms/sync_runs', {
    query: { companyId, kind: 'import' },
    signal,
    // The box shows its own error state; a toast every poll would pile up.
    silent: true,
  });
  return body.member.slice(0, DMS_RUNS_SHOWN);
}

export function dmsSyncRunsQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: dmsSyncRunsQueryKey(companyId),
    queryFn: ({ signal }) => fetchDmsSyncRuns(companyId, signal),
    // Poll only while a run is in progress: its outcome arrives from the worker, not from this tab.
    refetchInterval: (query) => (query.state.data?.some((run) => run.state === 'running') ? DMS_RUNS_POLL_MS : false),
  });
}

export function useDmsSyncRuns(companyId: number) {
  return useQuery(dmsSyncRunsQueryOptions(companyId));
}
