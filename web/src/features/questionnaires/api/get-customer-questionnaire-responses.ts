import { useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TQuestionnaireResponse } from '@cd/contracts/questionnaires';
import { api } from '../../../lib/api';
import { questionnaireKeys } from './query-keys';

/** GET /api/customers/{id}/questionnaire_responses: the newest 30 sent to the customer, with their answers. */
export function fetchCustomerQuestionnaireResponses(opts: { customerId: number; signal?: AbortSignal }): Promise<THydraCollection<TQuestionnaireResponse>> {
  return api.request(`/api/customers/${opts.customerId}/questionnaire_responses`, { signal: opts.signal, silent: true });
}

/** `enabled`: only with the module on and the role (the section is hidden otherwise, and the server would answer 403). */
export function useCustomerQuestionnaireResponses(customerId: number, enabled: boolean) {
  return useQuery({
    queryKey: questionnaireKeys.customerResponses(customerId),
    queryFn: ({ signal }) => fetchCustomerQuestionnaireResponses({ customerId, signal }),
    enabled: enabled && customerId > 0,
  });
}
