import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompany, TCompanyStatus } from '@cd/contracts/company';
import { companiesQueryKey } from '../../../api/get-companies';
import { api } from '../../../lib/api';

/** PATCH /api/companies/{id} {enabled} or {status} (merge-patch): the super admin's switches on a company. */
export function updateCompanyState(id: number, body: { enabled: boolean } | { status: TCompanyStatus }): Promise<TCompany> {
  return api.request<TCompany>(`/api/companies/${id}`, { method: 'PATCH', body });
}

export function useUpdateCompanyState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { id: number; body: { enabled: boolean } | { status: TCompanyStatus } }) => updateCompanyState(vars.id, vars.body),
    onSuccess: (company) => {
      queryClient.setQueryData(['company', company.id], company);
      return queryClient.invalidateQueries({ queryKey: companiesQueryKey });
    },
  });
}
