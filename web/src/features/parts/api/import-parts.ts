import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPartsImportResult } from '@cd/contracts/parts';
import { api } from '../../../lib/api';
import { partsKeys } from './query-keys';

export type TPartsImportTarget = 'parts_customers' | 'parts_counter_tickets' | 'parts_sales';

/** POST /api/{target}/import (multipart `file`): the counts and each bad row. 413/422 are shown in the dialog. */
export function useImportParts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { target: TPartsImportTarget; file: File }) => {
      const fd = new FormData();
      fd.append('file', input.file, input.file.name);
      return api.request<TPartsImportResult>(`/api/${input.target}/import`, { method: 'POST', body: fd, silent: [400, 413, 422] });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partsKeys.all }),
  });
}
