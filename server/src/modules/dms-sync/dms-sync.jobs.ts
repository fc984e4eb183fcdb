import type { TAppDeps } from '../../context';
import { runInScope } from '../../db/client';
import { completeJob, enqueueJob, rescheduleJob, type TJobHandler } from '../../jobs/outbox';
import type { TRecurringJob } from '../../jobs/recurring';
import { findCompany } from '../companies/companies.api';
import { dmsSettingsOf, serverReachesDms, type TDmsLog } from './dms-sync.adapter';
import { DMS_PUSH_JOB, runPushRound } from './dms-sync.push';
import * as repo from './dms-sync.repository';
import { DMS_IMPORT_JOB, runImport, startImport } from './dms-sync.service';

/** Companies one periodic slot starts imports for (the rest wait for the next slot: bounded work per slot). */
const COMPANIES_PER_SLOT = 200;
/** Orders whose stranded pushes one slot re-queues. */
const PUSH_SWEEP_LIMIT = 500;

export function createDmsSyncJobHandlers(opts: { deps: TAppDeps; log: TDmsLog }): Record<string, TJobHandler> {
  const { deps, log } = opts;
  return {
    [DMS_IMPORT_JOB]: async ({ job }) => {
      await runImport({ deps, log, companyId: job.companyId!, runId: Number(job.payload.runId) });
    },
    [DMS_PUSH_JOB]: async ({ job }) => {
      const companyId = job.companyId!;
      const next = await runPushRound({ deps, log, companyId, repairOrderId: Number(job.payload.repairOrderId) });
      await runInScope(deps.db, { companyId: null, system: true }, async (tx) => {
        // Still waiting (the vendor is down): the same job comes back when the next attempt is due.
        if (next) await rescheduleJob(tx, { jobId: job.id, runAt: new Date(Math.max(next.getTime(), Date.now() + 1000)) });
        else await completeJob(tx, job.id);
      });
      return 'rescheduled';
    },
  };
}

/**
 * Every 15 minutes: an import for each company whose DMS link is on (skipped while one runs), and a new push job for
 * any order whose pending pushes lost theirs (a job that gave up after repeated crashes): nothing waits forever.
 */
export function createDmsRecurringJobs(opts: { deps: TAppDeps; log: TDmsLog }): TRecurringJob[] {
  const { deps, log } = opts;
  return [
    {
      name: 'dms-import',
      cron: '*/15 * * * *',
      timeZone: 'UTC',
      // A missed import is still wanted: orders changed meanwhile.
      missedSlots: 'catch_up',
      description: 'Imports repair orders from each enabled DMS and re-queues approved lines still waiting for it.',
      run: async () => {
        const ids = await runInScope(deps.db, { companyId: null, system: true }, (tx) => repo.listDmsEnabledCompanyIds(tx, { limit: COMPANIES_PER_SLOT }));
        for (const companyId of ids) {
          const company = await runInScope(deps.db, { companyId }, (tx) => findCompany(tx, companyId));
          const dmsType = company ? dmsSettingsOf(company).dmsType : null;
          if (!dmsType || !serverReachesDms(deps.config, dmsType)) continue;
          try {
            await startImport({ deps, companyId, dmsVendor: dmsType, trigger: 'schedule', requestedBy: null });
          } catch (err) {
            log.warn({ err, companyId }, 'could not start the periodic DMS import');
          }
        }
        const stranded = await runInScope(deps.db, { companyId: null, system: true }, (tx) => repo.listOrdersWithDuePushes(tx, { limit: PUSH_SWEEP_LIMIT }));
        for (const o of stranded)
          await runInScope(deps.db, { companyId: o.companyId }, (tx) =>
            enqueueJob(tx, { companyId: o.companyId, kind: DMS_PUSH_JOB, payload: { repairOrderId: o.repairOrderId } }),
          );
        if (stranded.length) deps.jobs.wake();
      },
    },
  ];
}
