import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompany, TCompanyCreate } from '@cd/contracts/company';
import { companiesQueryKey } from '../../../api/get-companies';
import { api } from '../../../lib/api';

/** POST /api/companies. 422 is silent here: the dialog shows the violations next to their fields. */
export function createCompany(body: TCompanyCreate): Promise<TCompany> {
  return api.request<TCompany>('/api/companies', { method: 'POST', body, silent: [422] });
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesQueryKey }),
  });
}
