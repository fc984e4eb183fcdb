import type { TRequestContext } from '../../context';
import type { TTx } from '../../db/client';
import type { TLiveEventInput } from '../../live/live.types';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { resolveRecordScope } from '../../tenant-scope';
import { requireScheduleWriter } from './appointments.access';

/**
 * A company admin's change to one shift record, vacation or resource: checked for the role, run in the record's scope
 * (`scopedCompanyId` null for a super admin, who reaches any company's record) with its live events sent on commit.
 */
export function runScheduleRecordChange<T>(opts: {
  ctx: TRequestContext;
  fn: (tx: TTx, emit: (events: TLiveEventInput[]) => void, scopedCompanyId: number | null) => Promise<T>;
}): Promise<T> {
  requireScheduleWriter(opts.ctx);
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  return runWithLiveEvents({ deps: opts.ctx, scope, fn: (tx, emit) => opts.fn(tx, emit, companyId) });
}
