import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { simulatorConversationsKey } from './get-simulator-conversations';

/** POST /api/simulator/reply {customerId, body} → 204: the simulated phone texts the company. */
export function sendSimulatorReply(input: { customerId: number; body: string }): Promise<void> {
  return api.request<void>('/api/simulator/reply', { method: 'POST', body: input });
}

export function useSendSimulatorReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSimulatorReply,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: simulatorConversationsKey }),
  });
}
