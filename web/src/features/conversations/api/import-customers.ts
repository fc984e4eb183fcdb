import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZCustomerImportPreviewSchema } from '@cd/contracts/customer-import';
import { api } from '../../../lib/api';
import { isImportFinished, mappingPayload, type TImportMapping, type TImportStatus } from '../lib/import-mapping';

export type TImportPreview = z.infer<typeof ZCustomerImportPreviewSchema>;

export interface TCustomerImport {
  id: number;
  status: TImportStatus;
  totalRows: number;
  processedRows: number;
  createdCount: number;
  updatedCount: number;
  failedCount: number;
  errors: { row: number; reasons: string[] }[];
  message?: string | null;
}

export interface TStartImportInput {
  file: File;
  mapping: TImportMapping;
  consentSource: string;
  optedIn: boolean;
  tags: string[];
}

export const IMPORT_POLL_MS = 1500;

/** POST /api/customers/import/preview (multipart `file`). 422 is shown in the dialog. */
export function previewImport(file: File): Promise<TImportPreview> {
  const fd = new FormData();
  fd.append('file', file, file.name);
  return api.request<TImportPreview>('/api/customers/import/preview', { method: 'POST', body: fd, silent: [422, 413, 400] });
}

/** POST /api/customers/import (multipart) → 202 import job. */
export function startImport(input: TStartImportInput): Promise<TCustomerImport> {
  const fd = new FormData();
  fd.append('file', input.file, input.file.name);
  fd.append('mapping', mappingPayload(input.mapping));
  fd.append('consentSource', input.consentSource || 'import');
  fd.append('optedIn', input.optedIn ? 'true' : 'false');
  fd.append('tags', JSON.stringify(input.tags));
  return api.request<TCustomerImport>('/api/customers/import', { method: 'POST', body: fd, silent: [422, 413, 400] });
}

/** GET /api/customer_imports/{id} (progress). */
export function fetchImport(id: number, signal?: AbortSignal): Promise<TCustomerImport> {
  return api.request<TCustomerImport>(`/api/customer_imports/${id}`, { signal });
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}

export function useStartImport() {
  return useMutation({ mutationFn: startImport });
}

/** Polls the import every 1.5 s until it is done or failed. */
export function useImportProgress(initial: TCustomerImport | null) {
  return useQuery({
    queryKey: ['customer_imports', initial?.id ?? 0],
    queryFn: ({ signal }) => fetchImport(initial!.id, signal),
    enabled: !!initial,
    initialData: initial ?? undefined,
    initialDataUpdatedAt: 0,
    refetchInterval: (q) => (q.state.data && isImportFinished(q.state.data.status) ? false : IMPORT_POLL_MS),
  });
}
