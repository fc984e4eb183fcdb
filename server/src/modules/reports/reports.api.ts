/** What app.ts uses of reports: the routes, the generation and mail jobs, and the sweeper of recurring reports. */
export { reportsRoutes } from './reports.routes';
export { createReportJobHandlers } from './reports-generate';
export { createReportRecurringJobs } from './reports-planning';
