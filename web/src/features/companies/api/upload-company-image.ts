import { useMutation } from '@tanstack/react-query';
import type { TMediaObject } from '@cd/contracts/message';
import { api } from '../../../lib/api';
import type { TCompanyImageField } from '../lib/company-image';

/**
 * POST /api/media_objects (multipart) for a company's hero or logo. `?company=` names the company for super
 * admins (a company's own users may name their own). Silent: the caller toasts detail/message/unknown_error.
 */
export function uploadCompanyImage(input: { companyId: number; field: TCompanyImageField; file: File; signal?: AbortSignal }): Promise<TMediaObject> {
  const form = new FormData();
  form.append('entityName', 'Company');
  form.append('entityId', String(input.companyId));
  form.append('entityField', input.field);
  form.append('file', input.file);
  return api.request<TMediaObject>('/api/media_objects', {
    method: 'POST',
    query: { company: input.companyId },
    body: form,
    silent: true,
    signal: input.signal,
  });
}

export function useUploadCompanyImage() {
  return useMutation({ mutationFn: uploadCompanyImage });
}
