import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TErrorReport } from '@cd/contracts/error-report';
import { api } from '../../../lib/api';
import { errorReportsQueryKey } from './get-error-reports';

/** GET /api/error_reports/{id} (super admins). */
export function fetchErrorReport(id: number, signal?: AbortSignal): Promise<TErrorReport> {
  return api.request<TErrorReport>(`/api/error_reports/${id}`, { signal, silent: [404] });
}

export function errorReportQueryOptions(id: number) {
  return queryOptions({ queryKey: [...errorReportsQueryKey, 'one', id], queryFn: ({ signal }) => fetchErrorReport(id, signal) });
}

export function useErrorReport(id: number | null) {
  return useQuery({ ...errorReportQueryOptions(id ?? 0), enabled: id !== null });
}
