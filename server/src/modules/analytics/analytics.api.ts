/** What app.ts, reports and the dashboard use of analytics: the routes, the closing job, the metrics and the rebuild. */
export { analyticsRoutes } from './analytics.routes';
export { createAnalyticsRecurringJobs, rebuildAllRollups } from './analytics-jobs';
export { computeDaySeries, computeUsageMetrics, computeUsageMetricsInTx } from './analytics.service';
