import { useSyncExternalStore } from 'react';
import type { TLiveStatus } from './live-events';

/**
 * The state of the shell's live stream (app/shell/use-live-updates.ts), for screens that poll only while it is down
 * (the scheduled-jobs screen refetches a running job on its live events, and polls when they cannot arrive).
 */
let current: TLiveStatus = 'stopped';
const listeners = new Set<() => void>();

export function setLiveStatus(status: TLiveStatus): void {
  if (status === current) return;
  current = status;
  for (const l of listeners) l();
}

export function getLiveStatus(): TLiveStatus {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the live stream is open (its events arrive). */
export function useLiveOpen(): boolean {
  return useSyncExternalStore(subscribe, () => current === 'open');
}
