import { useMutation } from '@tanstack/react-query';
import type { TMediaObject } from '@cd/contracts/message';
import { api } from '../../../lib/api';

/** POST /api/media_objects (multipart) for the offer's picture; the offer then names it in `image`. */
export function uploadOfferImage(input: { offerId?: number; file: File }): Promise<TMediaObject> {
  const form = new FormData();
  form.append('entityName', 'Offer');
  if (input.offerId) form.append('entityId', String(input.offerId));
  form.append('file', input.file);
  return api.request<TMediaObject>('/api/media_objects', { method: 'POST', body: form });
}

export function useUploadOfferImage() {
  return useMutation({ mutationFn: uploadOfferImage });
}
