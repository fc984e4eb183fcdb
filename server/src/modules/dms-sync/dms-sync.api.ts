/**
 * What other modules and app.ts may use of the DMS link. The repair-orders module announces approved lines
 * (`repairOrderLinesApproved`); app.ts attaches `enqueueApprovedLinePushes` to it, so repair orders never import
 * this module. The caller's transaction holds the queued pushes; wake the worker after it commits.
 */
export { enqueueApprovedLinePushes, pushApprovedLines } from './dms-sync.push';
export { createDmsRecurringJobs, createDmsSyncJobHandlers } from './dms-sync.jobs';
export type { TDmsLog } from './dms-sync.adapter';
