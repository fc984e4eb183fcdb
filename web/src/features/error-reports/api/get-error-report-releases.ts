import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TErrorReportReleases } from '@cd/contracts/error-report';
import { api } from '../../../lib/api';
import { errorReportsQueryKey } from './get-error-reports';

/** GET /api/error_reports/releases: releases that sent reports, most recent first (the release filter). */
export function fetchErrorReportReleases(signal?: AbortSignal): Promise<TErrorReportReleases> {
  return api.request<TErrorReportReleases>('/api/error_reports/releases', { signal });
}

export function errorReportReleasesQueryOptions() {
  return queryOptions({ queryKey: [...errorReportsQueryKey, 'releases'], queryFn: ({ signal }) => fetchErrorReportReleases(signal) });
}

export function useErrorReportReleases() {
  return useQuery(errorReportReleasesQueryOptions());
}
