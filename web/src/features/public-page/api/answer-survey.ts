import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPublicLinkPage } from '@cd/contracts/customer-link';
import type { TPublicSurveyAnswer, TReviewSite } from '@cd/contracts/survey';
import { api } from '../../../lib/api';
import { linkPageQueryKey } from './get-link-page';

const answerPath = (code: string) => `/api/public/links/${encodeURIComponent(code)}/answer`;

/** POST /api/public/links/{code}/answer on a survey link: the answer once (409 survey_already_answered after that). */
export function answerSurvey(input: { code: string; body: Extract<TPublicSurveyAnswer, { action: 'answer' }> }): Promise<TPublicLinkPage> {
  return api.request<TPublicLinkPage>(answerPath(input.code), { method: 'POST', body: input.body, auth: false, silent: true });
}

export function useAnswerSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerSurvey,
    onSuccess: (page, input) => {
      if (page && typeof page === 'object' && 'purpose' in page) queryClient.setQueryData(linkPageQueryKey(input.code), page);
      else void queryClient.invalidateQueries({ queryKey: linkPageQueryKey(input.code) });
    },
  });
}

/**
 * The same endpoint with `review_click`: the customer opened a review site. Fired as the link opens a new tab, so it
 * uses `keepalive` (the request outlives a page that goes to the background or closes); failures are not the
 * customer's concern and are dropped.
 */
export function recordReviewClick(input: { code: string; site: TReviewSite }): void {
  const body: TPublicSurveyAnswer = { action: 'review_click', site: input.site };
  try {
    void window
      .fetch(answerPath(input.code), {
        method: 'POST',
        headers: { Accept: 'application/ld+json', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        keepalive: true,
      })
      .catch(() => undefined);
  } catch {
    /* no fetch: nothing to record with */
  }
}
