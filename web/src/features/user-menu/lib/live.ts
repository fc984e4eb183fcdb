import type { QueryClient } from '@tanstack/react-query';
import type { TLiveEvent } from '@cd/contracts/live';
import { ME_QUERY_KEY } from '../../../lib/current-user';

/**
 * `user` events on the user's own topic (their state changed in another tab, or the away status returned to ONLINE
 * at its time): reload /api/me so the avatar and the dialogs follow without a page reload.
 */
export function handleUserMenuLiveEvent(queryClient: QueryClient, event: TLiveEvent, ctx: { userId: number }): boolean {
  if (event.entity === 'company_user') {
    // The company's user list changed: the impersonation picker refetches when next shown (the shared colleague
    // list, which the transfer picker uses, follows the same event in api/get-colleagues.ts).
    void queryClient.invalidateQueries({ queryKey: ['user-menu', 'impersonable'] });
    return true;
  }
  if (event.entity !== 'user') return false;
  const id = (event.data as { id?: unknown } | null)?.id;
  if (event.event === 'updated' && id === ctx.userId) void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  return true;
}
