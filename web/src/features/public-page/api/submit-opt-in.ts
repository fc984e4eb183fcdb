import { useMutation } from '@tanstack/react-query';
import type { TPublicOptIn, TPublicOptInResult } from '@cd/contracts/public-page';
import { api } from '../../../lib/api';

/** POST /api/public/companies/{slug}/opt_in: finds or creates the customer and starts the conversation. Errors are shown on the page. */
export function submitOptIn(opts: { slug: string; body: TPublicOptIn }): Promise<TPublicOptInResult> {
  return api.request<TPublicOptInResult>(`/api/public/companies/${encodeURIComponent(opts.slug)}/opt_in`, {
    method: 'POST',
    body: opts.body,
    auth: false,
    silent: true,
  });
}

export function useSubmitOptInMutation() {
  return useMutation({ mutationFn: submitOptIn });
}
