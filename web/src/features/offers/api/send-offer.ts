import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOffer } from '@cd/contracts/offers';
import { api } from '../../../lib/api';
import { offerKeys } from './query-keys';

/**
 * POST /api/offers/{id}/send_immediately (the spec's GET is accepted too; POST because it acts). Silent: a refusal is
 * shown in the composer as "The offer was not sent" with the server's reason.
 */
export function useSendOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request<TOffer>(`/api/offers/${id}/send_immediately`, { method: 'POST', silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}
