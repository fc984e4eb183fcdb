import type { TTx } from '../../db/client';
import { createHook } from '../../lib/domain-hooks';
import type { TLiveEventInput } from '../../live/live.types';
import type { TTaskRow } from './tasks.schema';

/** A task was closed, in the transaction that closed it: the module it is about reacts (a survey is resolved). */
export interface TTaskDone {
  tx: TTx;
  task: TTaskRow;
  doneById: number | null;
  emit: (events: TLiveEventInput[]) => void;
}

export const taskDone = createHook<TTaskDone>({ name: 'tasks.done' });
