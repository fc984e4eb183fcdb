import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCustomerInterest } from '@cd/contracts/interests';
import { api } from '../../../lib/api';
import { interestKeys } from './query-keys';

/** POST /api/customer_interests {customer, interest}: adding a member twice is answered by the server (409/422), toasted. */
export function useAddInterestMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { interestId: number; customerId: number }) =>
      api.request<TCustomerInterest>('/api/customer_interests', {
        method: 'POST',
        body: { customer: `/api/customers/${input.customerId}`, interest: `/api/interests/${input.interestId}` },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: interestKeys.all }),
  });
}
