import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRecurringRule, TRecurringRuleCreate } from '@cd/contracts/payment-operations';
import { api } from '../../../lib/api';
import { paymentKeys } from './query-keys';

/**
 * POST /api/payment/recurring_rules: a monthly charge of a card with the customer's consent. The idempotency key is made
 * when the dialog opens, so a double click creates one rule. The dialog shows 409/422 on its fields itself.
 */
export function createRecurringRule(body: TRecurringRuleCreate): Promise<TRecurringRule> {
  return api.request<TRecurringRule>('/api/payment/recurring_rules', { method: 'POST', body, silent: [404, 409, 422] });
}

export function useCreateRecurringRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecurringRule,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.recurringRules }),
  });
}
