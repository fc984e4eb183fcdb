import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompany, TToggleModule } from '@cd/contracts/company';
import { companiesQueryKey } from '../../../api/get-companies';
import { api } from '../../../lib/api';

/** PUT /api/companies/{id}/toggle_module {module, toggle} (super admins). */
export function toggleCompanyModule(input: { id: number } & TToggleModule): Promise<TCompany> {
  const { id, ...body } = input;
  return api.request<TCompany>(`/api/companies/${id}/toggle_module`, { method: 'PUT', body });
}

export function useToggleCompanyModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleCompanyModule,
    onSuccess: (company) => {
      // The tabs derive from the cached company, so a module's tab appears or goes at once.
      queryClient.setQueryData(['company', company.id], company);
      return queryClient.invalidateQueries({ queryKey: companiesQueryKey });
    },
  });
}
