import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompany } from '@cd/contracts/company';
import { companiesQueryKey } from '../../../api/get-companies';
import { api } from '../../../lib/api';
import { rolesKeys } from './query-keys';

/** PATCH /api/companies/{id} {availableUserRoles} (super admins): the roles this company's admins may hand out. */
export function useUpdateCompanyRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { companyId: number; availableUserRoles: string[] }) =>
      api.request<TCompany>(`/api/companies/${input.companyId}`, {
        method: 'PATCH',
        body: { availableUserRoles: input.availableUserRoles },
        silent: true,
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: companiesQueryKey });
      return queryClient.invalidateQueries({ queryKey: rolesKeys.catalogue });
    },
  });
}
