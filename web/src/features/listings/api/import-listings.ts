import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TListingImportPreview, TListingImportResult } from '@cd/contracts/listings';
import { api } from '../../../lib/api';
import { listingsKeys } from './query-keys';

function formOf(file: File): FormData {
  const fd = new FormData();
  fd.append('file', file, file.name);
  return fd;
}

/** 400/413/415/422 (e.g. "Excel file not valid") are shown in the import dialog, not as a toast. */
const SILENT = [400, 413, 415, 422] as const;

/** POST /api/listings/import/preview (multipart `file`): headers, the field each feeds, missing fields, sample rows. */
export function usePreviewListingImport() {
  return useMutation({
    mutationFn: (input: { file: File }) =>
      api.request<TListingImportPreview>('/api/listings/import/preview', { method: 'POST', body: formOf(input.file), silent: SILENT }),
  });
}

/** POST /api/listings/import (multipart `file`): the counts and each bad row; the lists are refreshed after. */
export function useImportListings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: File }) =>
      api.request<TListingImportResult>('/api/listings/import', { method: 'POST', body: formOf(input.file), silent: SILENT }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingsKeys.all }),
  });
}
