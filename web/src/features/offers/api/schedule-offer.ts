import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOffer } from '@cd/contracts/offers';
import { api } from '../../../lib/api';
import { offerKeys } from './query-keys';

/** PUT /api/offers/{id}/schedule {scheduledAt}; null takes it back to draft. Silent: the composer shows the reason. */
export function useScheduleOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; scheduledAt: string | null }) =>
      api.request<TOffer>(`/api/offers/${input.id}/schedule`, { method: 'PUT', body: { scheduledAt: input.scheduledAt }, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}
