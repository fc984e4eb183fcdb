import { useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TCustomerInterest } from '@cd/contracts/interests';
import { api } from '../../../lib/api';
import { interestKeys } from './query-keys';

/** GET /api/customer_interests?interest={id}&pagination=false: the category's customers (capped by the server). */
export function fetchInterestMembers(opts: { interestId: number; signal?: AbortSignal }): Promise<THydraCollection<TCustomerInterest>> {
  return api.request('/api/customer_interests', {
    query: { interest: `/api/interests/${opts.interestId}`, pagination: 'false' },
    signal: opts.signal,
    silent: true,
  });
}

export function useInterestMembers(interestId: number) {
  return useQuery({ queryKey: interestKeys.members(interestId), queryFn: ({ signal }) => fetchInterestMembers({ interestId, signal }) });
}
