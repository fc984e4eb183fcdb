import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** DELETE /api/media_objects/{id} of a company (`?company=` for super admins). Silent: the caller toasts. */
export function deleteMediaObject(input: { companyId: number; id: number }): Promise<void> {
  return api.request<void>(`/api/media_objects/${input.id}`, { method: 'DELETE', query: { company: input.companyId }, silent: true });
}

export function useDeleteMediaObject() {
  return useMutation({ mutationFn: deleteMediaObject });
}
