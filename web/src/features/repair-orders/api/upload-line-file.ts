import { useMutation } from '@tanstack/react-query';
import type { TMediaObject } from '@cd/contracts/message';
import { api } from '../../../lib/api';

/** POST /api/media_objects (multipart) for a line's photo or document; the line then lists its IRI in `files`. */
export function uploadLineFile(input: { lineId?: number; file: File }): Promise<TMediaObject> {
  const form = new FormData();
  form.append('entityName', 'RepairOrderLine');
  if (input.lineId) form.append('entityId', String(input.lineId));
  form.append('file', input.file);
  return api.request<TMediaObject>('/api/media_objects', { method: 'POST', body: form });
}

export function useUploadLineFile() {
  return useMutation({ mutationFn: uploadLineFile });
}
