import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TArImportResult } from '@cd/contracts/accounting';
import { api } from '../../../lib/api';
import { arKeys } from './query-keys';

/** POST /api/automotive/transactions/import (multipart `file`, CSV or .xlsx): counts and each bad row. */
export function useImportTransactions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const fd = new FormData();
      fd.append('file', file, file.name);
      return api.request<TArImportResult>('/api/automotive/transactions/import', { method: 'POST', body: fd, silent: [400, 413, 415, 422] });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: arKeys.all }),
  });
}
