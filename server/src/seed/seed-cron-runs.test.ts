import { afterAll, beforeAll, expect, it } from 'vitest';
import { runInScope } from '../db/client';
import { cronJobRuns } from '../jobs/cron-runs.schema';
import { createAnalyticsRecurringJobs } from '../modules/analytics/analytics.api';
import { createReportRecurringJobs } from '../modules/reports/reports.api';
import { createTestApp, type TTestApp } from '../../test/helpers';
import { seedCronRuns } from './seed-cron-runs';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('records real runs of registry jobs for the demo screen', async () => {
  const jobs = [...createAnalyticsRecurringJobs({ deps: t.app.deps }), ...createReportRecurringJobs({ deps: t.app.deps })];
  expect(await seedCronRuns({ db: t.db, jobs })).toBe(2);
  const runs = await runInScope(t.db, { companyId: null, system: true }, (tx) => tx.select().from(cronJobRuns));
  const mine = runs.filter((r) => ['analytics_close_days', 'reports-sweep'].includes(r.job));
  expect(mine.map((r) => [r.job, r.trigger, r.outcome]).sort()).toEqual([
    ['analytics_close_days', 'manual', 'succeeded'],
    ['reports-sweep', 'manual', 'succeeded'],
  ]);
  expect(mine.every((r) => r.finishedAt !== null && r.durationMs !== null)).toBe(true);
});
