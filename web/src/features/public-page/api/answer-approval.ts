import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPublicLinkPage } from '@cd/contracts/customer-link';
import type { TLineApprovalAnswer } from '@cd/contracts/repair-order-line';
import { api } from '../../../lib/api';
import { linkPageQueryKey } from './get-link-page';

/** POST /api/public/links/{code}/answer: the customer's decisions; answers the page, now read-only. */
export function answerApproval(input: { code: string; body: TLineApprovalAnswer }): Promise<TPublicLinkPage> {
  return api.request<TPublicLinkPage>(`/api/public/links/${encodeURIComponent(input.code)}/answer`, {
    method: 'POST',
    body: input.body,
    auth: false,
    silent: true,
  });
}

export function useAnswerApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerApproval,
    onSuccess: (page, input) => {
      if (page && typeof page === 'object' && 'purpose' in page) queryClient.setQueryData(linkPageQueryKey(input.code), page);
      else void queryClient.invalidateQueries({ queryKey: linkPageQueryKey(input.code) });
    },
  });
}
