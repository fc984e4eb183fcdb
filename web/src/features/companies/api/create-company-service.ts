import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompanyService, TCompanyServiceCreate } from '@cd/contracts/company-service';
import { api } from '../../../lib/api';
import { sortServices } from '../lib/service-form';
import { companyServicesQueryKey } from './get-company-services';

/** POST /api/company_services with the company as `/api/companies/{id}`; 422 lands on the dialog's fields. */
export function createCompanyService(input: { companyId: number; body: Omit<TCompanyServiceCreate, 'company'> }): Promise<TCompanyService> {
  return api.request<TCompanyService>('/api/company_services', {
    method: 'POST',
    body: { ...input.body, company: `/api/companies/${input.companyId}` },
    silent: [422],
  });
}

export function useCreateCompanyService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompanyService,
    onSuccess: (service, { companyId }) => {
      queryClient.setQueryData<TCompanyService[]>(companyServicesQueryKey(companyId), (old) =>
        old ? sortServices([...old.filter((s) => s.id !== service.id), service]) : old,
      );
    },
  });
}
