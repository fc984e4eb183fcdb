import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TArStatement } from '@cd/contracts/accounting';
import { api } from '../../../lib/api';
import { arKeys } from './query-keys';

/** The wire body (IRIs; ZArStatementCreateSchema's input, which the server parses to ids). */
export interface TArStatementCreateBody {
  customer: string;
  from: string;
  to: string;
  amount: number;
  transactions: string[];
}

/** POST /api/automotive/statements: 409/422 are shown in the dialog, not as a toast. */
export function useCreateStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TArStatementCreateBody) => api.request<TArStatement>('/api/automotive/statements', { method: 'POST', body, silent: [409, 422] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: arKeys.all }),
  });
}
