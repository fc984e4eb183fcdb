import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCustomerInterest } from '@cd/contracts/interests';
import { api } from '../../../lib/api';
import { interestKeys } from './query-keys';

/** DELETE the membership's own `@id` (`/api/customer_interests/{customerId}/{interestId}`). */
export function useRemoveInterestMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: Pick<TCustomerInterest, '@id'>) => api.request<void>(member['@id'], { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: interestKeys.all }),
  });
}
