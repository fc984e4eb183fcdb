import type { TLiveEvent } from '@cd/contracts/live';

/** What a service records inside its transaction; the id is assigned by the live_events table. */
export interface TLiveEventInput {
  /** null for a system event (SUPER_ADMINS_TOPIC only): no tenant scope ever reads it. */
  companyId: number | null;
  topics: string[];
  event: TLiveEvent['event'];
  entity: string;
  action?: string | null;
  data: unknown;
  changes?: string[] | null;
  extra?: Record<string, unknown> | null;
}

/** A committed event: the payload subscribers receive plus where it goes. */
export interface TStoredLiveEvent {
  companyId: number | null;
  topics: string[];
  payload: TLiveEvent;
}

/**
 * Fan-out of committed events. In-process by default; with REDIS_URL every API process receives every event
 * and delivers it to its own subscribers.
 */
export interface TLiveBus {
  broadcast(events: TStoredLiveEvent[]): void;
  onEvent(listener: (event: TStoredLiveEvent) => void): () => void;
  close(): Promise<void>;
}
