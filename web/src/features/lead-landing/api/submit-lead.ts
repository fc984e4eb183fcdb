import { useMutation } from '@tanstack/react-query';
import type { TPublicLeadResult, TPublicLeadSubmit } from '@cd/contracts/leads';
import { api } from '../../../lib/api';

/** POST /api/public/lead-pages/{slug}/leads: records the lead (and the consent when ticked). Errors are shown on the page. */
export function submitLead(opts: { slug: string; body: TPublicLeadSubmit }): Promise<TPublicLeadResult> {
  return api.request<TPublicLeadResult>(`/api/public/lead-pages/${encodeURIComponent(opts.slug)}/leads`, {
    method: 'POST',
    body: opts.body,
    auth: false,
    silent: true,
  });
}

export function useSubmitLeadMutation() {
  return useMutation({ mutationFn: submitLead });
}
