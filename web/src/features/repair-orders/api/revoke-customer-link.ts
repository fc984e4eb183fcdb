import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCustomerLink } from '@cd/contracts/customer-link';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** POST /api/customer_links/{id}/revoke: the link stops working at once (the page answers link_expired). */
export function revokeCustomerLink(input: { id: number }): Promise<TCustomerLink> {
  return api.request<TCustomerLink>(`/api/customer_links/${input.id}/revoke`, { method: 'POST', body: {} });
}

export function useRevokeCustomerLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeCustomerLink, onSuccess: () => void queryClient.invalidateQueries({ queryKey: repairOrderKeys.customerLinksAll }) });
}
