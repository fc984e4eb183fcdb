import { useMutation } from '@tanstack/react-query';
import type { TArStatement } from '@cd/contracts/accounting';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage-keys';

/**
 * GET /api/automotive/statements/{id}/pdf as bytes. The api client reads bodies as text (which would corrupt a PDF),
 * so this fetches with the same bearer and impersonation, refreshing an expired token once through the client.
 */
export async function fetchStatementPdf(opts: { statement: Pick<TArStatement, 'pdfUrl'>; fetchImpl?: typeof fetch }): Promise<Blob> {
  const doFetch = opts.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => window.fetch(input, init));
  const get = () => {
    const impersonate = readStorage(STORAGE_KEYS.impersonate);
    const url = impersonate ? `${opts.statement.pdfUrl}?impersonate=${encodeURIComponent(impersonate)}` : opts.statement.pdfUrl;
    const token = readStorage(STORAGE_KEYS.token);
    return doFetch(url, { headers: { Accept: 'application/pdf', ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  };
  let res = await get();
  if (res.status === 401 && (await api.refreshOnce())) res = await get();
  if (!res.ok) throw new ApiError(res.status, null, `pdf_download_failed_${res.status}`);
  return res.blob();
}

export function useDownloadStatementPdf() {
  return useMutation({ mutationFn: (statement: Pick<TArStatement, 'pdfUrl'>) => fetchStatementPdf({ statement }) });
}
