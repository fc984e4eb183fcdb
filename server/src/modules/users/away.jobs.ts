import type { TAppDeps } from '../../context';
import type { TTx } from '../../db/client';
import { completeJob, enqueueJob, type TJobHandler } from '../../jobs/outbox';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { userLiveEvents } from './users.presenter';
import * as repo from './users.repository';

/** Outbox job that brings a user back ONLINE at the `backAt` they chose. */
export const JOB_AWAY_RETURN = 'away_return';

/** Queues the return to ONLINE at the `backAt` a user chose, in the caller's transaction. */
export async function enqueueAwayReturn(tx: TTx, opts: { companyId: number | null; userId: number; backAt: string }): Promise<void> {
  await enqueueJob(tx, {
    companyId: opts.companyId,
    kind: JOB_AWAY_RETURN,
    payload: { userId: opts.userId, backAt: opts.backAt },
    runAt: new Date(opts.backAt),
  });
}

type TDeps = Pick<TAppDeps, 'db' | 'live'>;

/**
 * At `backAt` the user is ONLINE again — only if their state still carries that return time (a later choice wins;
 * a second run finds nothing to do). The user's live topic hears it so the avatar turns back without a reload.
 */
export function createAwayJobHandlers(opts: { deps: TDeps }): Record<string, TJobHandler> {
  const { deps } = opts;
  return {
    [JOB_AWAY_RETURN]: async ({ job }) => {
      const { userId, backAt } = job.payload as { userId: number; backAt: string };
      await runWithLiveEvents({
        deps,
        scope: job.companyId === null ? { companyId: null, system: true } : { companyId: job.companyId },
        fn: async (tx, emit) => {
          const row = await repo.returnOnlineIfDue(tx, { companyId: job.companyId, id: userId, backAt });
          if (row) {
            if (row.companyId !== null) await repo.clearAwayReplies(tx, { companyId: row.companyId, userId: row.id });
            emit(userLiveEvents(row, ['awayState']));
          }
          await completeJob(tx, job.id);
        },
      });
    },
  };
}
