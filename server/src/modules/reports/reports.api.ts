/** What app.ts uses of reports: the routes, the generation and mail jobs, and the sweeper of recurring reports. */
export { reportsRoutes } from './reports.routes';
export { createReportJobHandlers } from './reports-generate';
export { createReportRecurringJobs } from './reports-planning';
/** The scheduled-jobs screen lists recurring reports and runs them now through the reports' own rules. */
export { runReport } from './reports.service';
export { cronPatternOf } from './reports-schedule';
