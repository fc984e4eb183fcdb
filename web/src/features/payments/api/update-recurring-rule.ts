import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRecurringRule, TRecurringRulePatch } from '@cd/contracts/payment-operations';
import { api } from '../../../lib/api';
import { paymentKeys } from './query-keys';

/** PATCH /api/payment/recurring_rules/{id} (merge-patch): new terms need consent again; `enabled` pauses or resumes. */
export function updateRecurringRule(input: { id: number; patch: TRecurringRulePatch }): Promise<TRecurringRule> {
  return api.request<TRecurringRule>(`/api/payment/recurring_rules/${input.id}`, { method: 'PATCH', body: input.patch, silent: [404, 409, 422] });
}

export function useUpdateRecurringRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecurringRule,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.recurringRules }),
  });
}
