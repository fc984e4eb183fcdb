import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage-keys';

export type TReportFileFormat = 'pdf' | 'xlsx';

const ACCEPT: Record<TReportFileFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * GET /api/reports/{id}/pdf|xlsx as bytes. The api client reads bodies as text (which would corrupt the file), so this
 * fetches with the same bearer and impersonation, refreshing an expired token once through the client.
 */
export async function fetchReportFile(opts: { id: number; format: TReportFileFormat; path?: string | null; fetchImpl?: typeof fetch }): Promise<Blob> {
  const doFetch = opts.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => window.fetch(input, init));
  // The report names its download paths once ready; the conventional path is the fallback.
  const path = opts.path ?? `/api/reports/${opts.id}/${opts.format}`;
  const get = () => {
    const impersonate = readStorage(STORAGE_KEYS.impersonate);
    const url = impersonate ? `${path}?impersonate=${encodeURIComponent(impersonate)}` : path;
    const token = readStorage(STORAGE_KEYS.token);
    return doFetch(url, { headers: { Accept: ACCEPT[opts.format], ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  };
  let res = await get();
  if (res.status === 401 && (await api.refreshOnce())) res = await get();
  if (!res.ok) throw new ApiError(res.status, null, `report_download_failed_${res.status}`);
  return res.blob();
}

export function useDownloadReportFile() {
  return useMutation({ mutationFn: (input: { id: number; format: TReportFileFormat; path?: string | null }) => fetchReportFile(input) });
}
