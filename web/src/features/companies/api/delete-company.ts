import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companiesQueryKey } from '../../../api/get-companies';
import { api } from '../../../lib/api';

/** DELETE /api/companies/{id}. */
export function deleteCompany(id: number): Promise<void> {
  return api.request<void>(`/api/companies/${id}`, { method: 'DELETE' });
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompany,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: ['company', id] });
      return queryClient.invalidateQueries({ queryKey: companiesQueryKey });
    },
  });
}
