import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TRecurringRule } from '@cd/contracts/payment-operations';
import { api } from '../../../lib/api';
import { paymentKeys } from './query-keys';

/** How many rules the panel shows: the newest (the list is newest first). */
export const RULES_SHOWN = 30;

/** GET /api/payment/recurring_rules: the newest rules with their card (brand, last 4, expiry), months and status. */
export function getRecurringRules(signal?: AbortSignal): Promise<THydraCollection<TRecurringRule>> {
  return api.request<THydraCollection<TRecurringRule>>(`/api/payment/recurring_rules?itemsPerPage=${RULES_SHOWN}`, { signal });
}

export function recurringRulesQueryOptions() {
  return queryOptions({ queryKey: paymentKeys.recurringRules, queryFn: ({ signal }) => getRecurringRules(signal) });
}

export function useRecurringRules(enabled = true) {
  return useQuery({ ...recurringRulesQueryOptions(), enabled });
}
