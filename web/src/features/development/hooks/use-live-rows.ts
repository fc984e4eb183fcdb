import { useMemo } from 'react';

/** The live tail asks for the newest page this often (spec: every 3 s while the tab is visible). */
export const LIVE_TAIL_MS = 3000;

/**
 * Live tail: rows of the newest page that the paged list does not hold yet go on top, marked new. The table
 * highlights a new row with an animation that runs when the row mounts, so each shows it once.
 */
export function useLiveRows<T extends { id: number }>(opts: { listed: T[]; tail: T[] | undefined; live: boolean }) {
  const { listed, tail, live } = opts;
  return useMemo(() => {
    const listedIds = new Set(listed.map((r) => r.id));
    const fresh = live ? (tail ?? []).filter((r) => !listedIds.has(r.id)) : [];
    return { rows: [...fresh, ...listed], newIds: new Set(fresh.map((r) => r.id)) };
  }, [listed, tail, live]);
}
