import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLead, TLeadPatch } from '@cd/contracts/leads';
import { api } from '../../../lib/api';
import { marketingKeys } from './query-keys';

/** PATCH /api/marketing/leads/{id} (merge-patch): status or note. Errors toast (not silent). */
export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; patch: TLeadPatch }) => api.request<TLead>(`/api/marketing/leads/${input.id}`, { method: 'PATCH', body: input.patch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketingKeys.leads }),
  });
}
