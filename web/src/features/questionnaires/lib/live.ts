import type { QueryClient } from '@tanstack/react-query';
import type { TLiveEvent } from '@cd/contracts/live';
import { questionnaireKeys } from '../api/query-keys';

/** Live questionnaire events (a change in the builder, a link sent, an answer in): the feature's lists refetch. */
export function handleQuestionnairesLiveEvent(queryClient: QueryClient, event: TLiveEvent): boolean {
  if (event.entity !== 'questionnaire' && event.entity !== 'questionnaire_response') return false;
  void queryClient.invalidateQueries({ queryKey: questionnaireKeys.all });
  return true;
}
