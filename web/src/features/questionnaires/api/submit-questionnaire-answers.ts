import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPublicQuestionnairePage, TQuestionnaireSubmit } from '@cd/contracts/questionnaires';
import { api } from '../../../lib/api';
import { questionnaireKeys } from './query-keys';

/** POST /api/public/questionnaires/{code}/answers (no sign-in): once; 409 already answered, 422 per question. */
export function useSubmitQuestionnaireAnswers(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TQuestionnaireSubmit) =>
      api.request<TPublicQuestionnairePage>(`/api/public/questionnaires/${encodeURIComponent(code)}/answers`, {
        method: 'POST',
        body,
        auth: false,
        silent: true,
      }),
    onSuccess: (page) => queryClient.setQueryData(questionnaireKeys.publicPage(code), page),
  });
}
