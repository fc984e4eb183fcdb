import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSurvey } from '@cd/contracts/survey';
import { api } from '../../../lib/api';
import { replaceSurveyInLists } from '../lib/live';
import { surveyKeys } from './query-keys';

/** PUT /api/surveys/{id}/resolve {note}: the survey as it is afterwards. Silent: the dialog shows the server's words. */
export function resolveSurvey(input: { id: number; note: string }): Promise<TSurvey> {
  const note = input.note.trim();
  return api.request<TSurvey>(`/api/surveys/${input.id}/resolve`, { method: 'PUT', body: note ? { note } : {}, silent: true });
}

export function useResolveSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveSurvey,
    onSuccess: (survey) => {
      replaceSurveyInLists({ queryClient, survey });
      void queryClient.invalidateQueries({ queryKey: surveyKeys.stats });
    },
  });
}
