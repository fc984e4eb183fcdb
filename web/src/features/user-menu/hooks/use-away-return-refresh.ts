import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY, useCurrentUser } from '../../../lib/current-user';

/** Slack after `backAt` for the server's return job to run (its worker polls about every half second). */
const AFTER_BACK_AT_MS = 3000;

/**
 * Reloads /api/me shortly after a scheduled return time. The server's `user` live event normally turns the avatar
 * back at once; this also covers a live stream that was down at that moment and users without a company (who get
 * no live events).
 */
export function useAwayReturnRefresh() {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const backAt = me.awayState.status !== 'ONLINE' ? me.awayState.backAt : null;
  useEffect(() => {
    if (!backAt) return;
    const wait = Math.max(0, Date.parse(backAt) - Date.now()) + AFTER_BACK_AT_MS;
    // Timers cannot wait longer than ~24.8 days; such returns are refreshed by the live event or the next load.
    if (!Number.isFinite(wait) || wait > 2 ** 31 - 1) return;
    const h = window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }), wait);
    return () => window.clearTimeout(h);
  }, [backAt, queryClient]);
}
