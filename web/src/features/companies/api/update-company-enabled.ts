import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompany } from '@cd/contracts/company';
import { companiesQueryKey } from '../../../api/get-companies';
import { api } from '../../../lib/api';

/** PATCH /api/companies/{id} {enabled} (merge-patch). */
export function updateCompanyEnabled(id: number, enabled: boolean): Promise<TCompany> {
  return api.request<TCompany>(`/api/companies/${id}`, { method: 'PATCH', body: { enabled } });
}

export function useUpdateCompanyEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { id: number; enabled: boolean }) => updateCompanyEnabled(vars.id, vars.enabled),
    onSuccess: (company) => {
      queryClient.setQueryData(['company', company.id], company);
      return queryClient.invalidateQueries({ queryKey: companiesQueryKey });
    },
  });
}
