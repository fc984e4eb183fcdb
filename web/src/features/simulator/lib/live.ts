import type { QueryClient } from '@tanstack/react-query';
import type { TLiveEvent } from '@cd/contracts/live';
import { simulatorConversationsKey } from '../api/get-simulator-conversations';

/** Any message event may change a simulated phone's screen: refetch it (only while the page is open). */
export function handleSimulatorLiveEvent(queryClient: QueryClient, event: TLiveEvent): boolean {
  if (event.entity !== 'message') return false;
  void queryClient.invalidateQueries({ queryKey: simulatorConversationsKey });
  return true;
}
