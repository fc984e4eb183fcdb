import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompanyService, TCompanyServicePatch } from '@cd/contracts/company-service';
import { api } from '../../../lib/api';
import { applyServiceEvent } from '../lib/service-form';
import { companyServicesQueryKey } from './get-company-services';

/** PATCH /api/company_services/{id} (merge-patch, changed fields only); 422 lands on the dialog's fields. */
export function updateCompanyService(input: { companyId: number; id: number; patch: TCompanyServicePatch }): Promise<TCompanyService> {
  return api.request<TCompanyService>(`/api/company_services/${input.id}`, { method: 'PATCH', body: input.patch, silent: [422] });
}

export function useUpdateCompanyService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyService,
    onSuccess: (service, { companyId }) => {
      queryClient.setQueryData<TCompanyService[]>(companyServicesQueryKey(companyId), (old) => (old ? applyServiceEvent(old, 'updated', service) : old));
    },
  });
}
