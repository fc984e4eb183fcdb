import { rangeOfReportPeriod } from '@cd/contracts/report-periods';
import { weekStartsOnOf } from '@cd/contracts/survey-dates';
import type { TAppDeps } from '../../context';
import type { TTx } from '../../db/client';
import { enqueueJob } from '../../jobs/outbox';
import type { TRecurringJob } from '../../jobs/recurring';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { reportEvent } from './reports.presenter';
import * as repo from './reports.repository';
import { nextReportSlot } from './reports-schedule';
import type { TReportRow } from './reports.schema';

/**
 * Recurring reports (docs/reports.md): each parent stores its next slot (`next_run_at`); one sweeper job a minute
 * (jobs/recurring.ts) takes the due parents with `for update skip locked`, makes each slot's "recurring generated"
 * child and moves the parent to its next slot, all in one transaction. The unique index on (company, parent, slot)
 * keeps a slot to one child even if two sweepers (two workers, or a run that crashed after inserting) meet.
 */

export const REPORT_GENERATE_JOB = 'report:generate';
export const REPORT_MAIL_JOB = 'report:mail';
/** Parents one sweep handles at most; the rest wait for the next minute. */
const SWEEP_LIMIT = 200;

/** Queues the generation of a report in the caller's transaction. */
export async function queueGeneration(tx: TTx, opts: { companyId: number; reportId: number }): Promise<void> {
  await enqueueJob(tx, { companyId: opts.companyId, kind: REPORT_GENERATE_JOB, payload: { reportId: opts.reportId } });
}

/**
 * The child of one slot, covering the parent's period as it stands at the slot time in the company's zone, queued for
 * generation. Undefined when the slot already has its child.
 */
export async function planChild(
  tx: TTx,
  opts: { parent: TReportRow; slot: Date; timeZone: string; country: string; createdById?: number | null },
): Promise<number | undefined> {
  const { parent } = opts;
  const range = rangeOfReportPeriod({
    period: parent.period ?? 'last_7_days',
    now: opts.slot,
    timeZone: opts.timeZone,
    weekStartsOn: weekStartsOnOf(opts.country),
  });
  const id = await repo.insertReport(tx, {
    companyId: parent.companyId,
    type: 'recurring_generated',
    kind: parent.kind,
    status: 'pending',
    period: parent.period,
    schedule: null,
    recipients: parent.recipients,
    filters: parent.filters,
    fromDay: range.from,
    toDay: range.to,
    timeZone: opts.timeZone,
    parentId: parent.id,
    slot: opts.slot,
    notify: parent.notify,
    createdById: opts.createdById ?? null,
  });
  if (id !== undefined) await queueGeneration(tx, { companyId: parent.companyId, reportId: id });
  return id;
}

/** One sweep: the due slots of every company's recurring reports become children. Returns how many were made. */
export async function sweepDueReports(opts: { deps: Pick<TAppDeps, 'db' | 'live' | 'jobs'>; now: Date }): Promise<number> {
  const { deps, now } = opts;
  const made = await runWithLiveEvents({
    deps,
    scope: { companyId: null, system: true },
    fn: async (tx, emit) => {
      let count = 0;
      for (const parent of await repo.lockDueParents(tx, { now, limit: SWEEP_LIMIT })) {
        const { timeZone, country } = parent.company;
        const slot = parent.nextRunAt!;
        const childId = await planChild(tx, { parent, slot, timeZone, country });
        // Never a slot in the past: after an outage the missed slots collapse into the one just made.
        const next = nextReportSlot({ schedule: parent.schedule!, timeZone, after: new Date(Math.max(now.getTime(), slot.getTime())) });
        await repo.setNextRun(tx, { companyId: parent.companyId, id: parent.id, nextRunAt: next, timeZone });
        const events = [reportEvent({ ...parent, nextRunAt: next, timeZone }, 'updated')];
        if (childId !== undefined) {
          count++;
          const child = await repo.findReport(tx, { companyId: parent.companyId, id: childId });
          if (child) events.push(reportEvent(child, 'created'));
        }
        emit(events);
      }
      return count;
    },
  });
  if (made) deps.jobs.wake();
  return made;
}

/** The sweeper, registered with the other recurring jobs in app.ts. */
export function createReportRecurringJobs(opts: { deps: Pick<TAppDeps, 'db' | 'live' | 'jobs'> }): TRecurringJob[] {
  return [
    {
      name: 'reports-sweep',
      cron: '* * * * *',
      timeZone: 'UTC',
      // Each report's own missed slots collapse into one generated report when the sweep runs.
      missedSlots: 'catch_up',
      description: 'Generates the due slots of recurring reports (in each company’s time zone) and queues their mail.',
      run: async ({ slot }) => {
        await sweepDueReports({ deps: opts.deps, now: new Date(Math.max(Date.now(), slot.getTime())) });
      },
    },
  ];
}
