import { runInScope, type TDatabase, type TScope, type TTx } from '../db/client';
import { recordLiveEvents } from './live.repository';
import type { TLiveBus, TLiveEventInput, TStoredLiveEvent } from './live.types';

/**
 * Runs a change in one transaction, records the live events it emits in that same transaction, and broadcasts
 * them only after the commit — subscribers never hear of a change that rolled back.
 */
export async function runWithLiveEvents<T>(opts: {
  deps: { db: TDatabase; live: TLiveBus };
  scope: TScope;
  fn: (tx: TTx, emit: (events: TLiveEventInput[]) => void) => Promise<T>;
}): Promise<T> {
  const pending: TLiveEventInput[] = [];
  let stored: TStoredLiveEvent[] = [];
  const result = await runInScope(opts.deps.db, opts.scope, async (tx) => {
    const out = await opts.fn(tx, (events) => pending.push(...events));
    stored = await recordLiveEvents(tx, pending);
    return out;
  });
  opts.deps.live.broadcast(stored);
  return result;
}
