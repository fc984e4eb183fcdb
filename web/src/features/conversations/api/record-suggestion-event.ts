import { useMutation } from '@tanstack/react-query';
import type { TSuggestedReplyEvent } from '@cd/contracts/suggested-replies';
import { api } from '../../../lib/api';

/** POST /api/suggested_replies/events: a suggestion shown, inserted or sent (counted once per user and message). */
export function recordSuggestionEvent(body: TSuggestedReplyEvent): Promise<{ recorded: boolean }> {
  return api.request<{ recorded: boolean }>('/api/suggested_replies/events', { method: 'POST', body, silent: true });
}

/** Fire and forget: a lost figure never bothers the agent. */
export function useRecordSuggestionEvent() {
  return useMutation({ mutationFn: recordSuggestionEvent, retry: 1 });
}
