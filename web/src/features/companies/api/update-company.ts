import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompany, TCompanyPatch } from '@cd/contracts/company';
import { companiesQueryKey } from '../../../api/get-companies';
import { api } from '../../../lib/api';
import { ME_QUERY_KEY } from '../../../lib/current-user';

/** PATCH /api/companies/{id} (merge-patch, only the changed fields). 422 goes to the settings form's fields. */
export function updateCompany(input: { id: number; patch: TCompanyPatch }): Promise<TCompany> {
  return api.request<TCompany>(`/api/companies/${input.id}`, { method: 'PATCH', body: input.patch, silent: [422] });
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (company) => {
      queryClient.setQueryData(['company', company.id], company);
      // The signed-in user's company data feeds the configuration warnings banner.
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      return queryClient.invalidateQueries({ queryKey: companiesQueryKey });
    },
  });
}
