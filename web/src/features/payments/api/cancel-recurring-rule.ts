import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRecurringRule } from '@cd/contracts/payment-operations';
import { api } from '../../../lib/api';
import { paymentKeys } from './query-keys';

/** POST /api/payment/recurring_rules/{id}/cancel: the rule ends for good (its consent record is kept). */
export function cancelRecurringRule(id: number): Promise<TRecurringRule> {
  return api.request<TRecurringRule>(`/api/payment/recurring_rules/${id}/cancel`, { method: 'POST', body: {}, silent: [404, 409] });
}

export function useCancelRecurringRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRecurringRule,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.recurringRules }),
  });
}
