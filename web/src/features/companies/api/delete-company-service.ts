import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompanyService } from '@cd/contracts/company-service';
import { api } from '../../../lib/api';
import { companyServicesQueryKey } from './get-company-services';

/** DELETE /api/company_services/{id}. */
export function deleteCompanyService(input: { companyId: number; id: number }): Promise<void> {
  return api.request<void>(`/api/company_services/${input.id}`, { method: 'DELETE' });
}

export function useDeleteCompanyService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompanyService,
    onSuccess: (_r, { companyId, id }) => {
      queryClient.setQueryData<TCompanyService[]>(companyServicesQueryKey(companyId), (old) => (old ? old.filter((s) => s.id !== id) : old));
    },
  });
}
