import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMarketingConsent, TMarketingConsentCreate } from '@cd/contracts/offers';
import { api } from '../../../lib/api';
import { offerKeys } from './query-keys';

const consentKey = (customerId: number) => [...offerKeys.all, 'consent', customerId] as const;
const pathOf = (customerId: number) => `/api/customers/${customerId}/marketing_consent`;

/** GET /api/customers/{id}/marketing_consent. Silent: without the offers or marketing role (403) the section hides. */
export function fetchMarketingConsent(opts: { customerId: number; signal?: AbortSignal }): Promise<TMarketingConsent> {
  return api.request<TMarketingConsent>(pathOf(opts.customerId), { signal: opts.signal, silent: true });
}

export function useMarketingConsent(customerId: number, enabled: boolean) {
  return useQuery({ queryKey: consentKey(customerId), queryFn: ({ signal }) => fetchMarketingConsent({ customerId, signal }), enabled, retry: false });
}

/** POST (record: source + the exact wording) or DELETE (revoke) the customer's marketing consent. 422 lands on the dialog. */
export function useChangeMarketingConsent(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TMarketingConsentCreate | null): Promise<void> => {
      if (body) await api.request<TMarketingConsent>(pathOf(customerId), { method: 'POST', body, silent: [422] });
      else await api.request<void>(pathOf(customerId), { method: 'DELETE' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consentKey(customerId) }),
  });
}
