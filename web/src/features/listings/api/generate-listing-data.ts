import { useMutation } from '@tanstack/react-query';
import type { TGeneratedListingData } from '@cd/contracts/interests';
import { api } from '../../../lib/api';

/**
 * POST /api/listings/generate_data_by_url {url}: the server reads the page (SSRF-safe) and answers what it found.
 * Silent: a failure is shown in the dialog with the spec's "continue manually" advice.
 */
export function useGenerateListingData() {
  return useMutation({
    mutationFn: (url: string) => api.request<TGeneratedListingData>('/api/listings/generate_data_by_url', { method: 'POST', body: { url }, silent: true }),
  });
}
